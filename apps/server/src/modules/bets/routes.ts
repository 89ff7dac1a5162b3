import type { FastifyInstance } from 'fastify';
import { bets } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { betRecordDetails, listBetRecords } from './records.js';

/** The player's bet records, every game type. */
export async function betRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, bets.betRecordList, async (input, req) =>
    listBetRecords(ctx.db, sessionUser(req).userId, input, requestLang(req)),
  );
  route(app, bets.betRecordDetails, async (input, req) =>
    betRecordDetails(ctx.db, sessionUser(req).userId, input.betNo, requestLang(req)),
  );
}
