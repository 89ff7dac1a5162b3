import type { FastifyInstance } from 'fastify';
import { ErrorCode, limits } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { sessionUser } from '../../platform/auth-hook.js';
import { AppError } from '../../platform/errors.js';
import { adminRoute, route } from '../../platform/route.js';
import { checkLoginPassword, findPlayer } from '../auth/service.js';
import { depositedInPeriods } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { limitsView, setDepositLimits, setReminder, startExclusion } from './service.js';

/** The player's limits with this period's deposits. */
async function viewOf(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const { timeZone } = await getSysConfig(ctx.db);
  return limitsView(ctx.db, userId, now, await depositedInPeriods(ctx.db, userId, now, timeZone));
}

export async function limitsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, limits.get, async (_input, req) => viewOf(ctx, sessionUser(req).userId));

  route(app, limits.set, async (input, req) => {
    const { userId } = sessionUser(req);
    const now = ctx.now();
    if (input.kind === 'deposit') {
      await setDepositLimits(ctx.db, userId, input, now);
    } else if (input.kind === 'reminder') {
      await setReminder(ctx.db, userId, input.minutes, now);
    } else {
      await checkLoginPassword(ctx.db, userId, input.password, 'password');
      // Every session ends, this one too; the live connections close when this commits.
      await startExclusion(ctx.db, userId, input.days, now, async (ended, tx) => {
        for (const id of ended) await ctx.live.closeSession(id, tx);
      });
    }
    return viewOf(ctx, userId);
  });
}

/** The operator's read-only view (nobody can lift a self-exclusion early). */
export async function limitsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, limits.playerLimits, async (input) => {
    const player = await findPlayer(ctx.db, input.username);
    if (!player) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
    return { username: player.username, ...(await viewOf(ctx, player.id)) };
  });
}
