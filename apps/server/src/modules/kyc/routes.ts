import type { FastifyInstance } from 'fastify';
import { kyc } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { submitKyc } from './player.js';
import { kycViewOf } from './submissions.js';

/** The player's real-name verification (/user/shimingrenzheng). */
export async function kycRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, kyc.kycGet, async (_input, req) => kycViewOf(ctx.db, sessionUser(req).userId));
  route(app, kyc.kycSubmit, async (input, req) => submitKyc(ctx, sessionUser(req).userId, input));
}
