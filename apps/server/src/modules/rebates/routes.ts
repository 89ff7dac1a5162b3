import type { FastifyInstance } from 'fastify';
import { rebates } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { claimRebate, rebateLogs, rebateRules, rebateSummary } from './service.js';

/** The player's rebates; always the session's player. */
export async function rebateRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, rebates.rebateSummary, async (_input, req) => rebateSummary(ctx.db, sessionUser(req).userId, ctx.now()));
  route(app, rebates.rebateClaim, async (_input, req) => claimRebate(ctx, sessionUser(req).userId, requestLang(req)));
  route(app, rebates.rebateLogs, async (input, req) => rebateLogs(ctx.db, sessionUser(req).userId, input));
  route(app, rebates.rebateRules, async (_input, req) => rebateRules(ctx.db, sessionUser(req).userId));
}
