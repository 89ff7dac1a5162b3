import type { FastifyInstance } from 'fastify';
import { vip } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { vipInfo, vipLevelsOf } from './info.js';

/** The player's VIP pages; always the session's player. */
export async function vipRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, vip.vipInfo, async (_input, req) => vipInfo(ctx.db, sessionUser(req).userId, ctx.now()));
  route(app, vip.vipLevels, async (_input, req) => vipLevelsOf(ctx.db, sessionUser(req).userId));
}
