import type { FastifyInstance } from 'fastify';
import { rewards } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { drawSpin, spinInfo, spinRecords } from './service.js';

/** The daily wheel (/user/tiantianzhuan). */
export async function wheelRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, rewards.spinInfo, async (_input, req) =>
    spinInfo(ctx, sessionUser(req).userId, requestLang(req), ctx.now()),
  );
  route(app, rewards.spinDrawCall, async (input, req) =>
    drawSpin(ctx, sessionUser(req).userId, input.clientSeed, requestLang(req)),
  );
  route(app, rewards.spinRecords, async (input, req) =>
    spinRecords(ctx, sessionUser(req).userId, input, requestLang(req), ctx.now()),
  );
}
