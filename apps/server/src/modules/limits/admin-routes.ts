import type { FastifyInstance } from 'fastify';
import { ErrorCode, limitsAdmin } from '@breakshot/contracts';

import { AppError } from '../../platform/errors.js';
import { adminRoute } from '../../platform/route.js';
import { findPlayer } from '../auth/service.js';
import { playerLimitsView } from './player-view.js';

/** The operator's read-only view (nobody can lift a self-exclusion early). */
export async function limitsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, limitsAdmin.playerLimits, async (input) => {
    const player = await findPlayer(ctx.db, input.username);
    if (!player) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
    return { username: player.username, ...(await playerLimitsView(ctx, player.id)) };
  });
}
