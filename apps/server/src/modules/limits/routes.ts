import type { FastifyInstance } from 'fastify';
import { limits } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';

import { route } from '../../platform/route.js';
import { checkLoginPassword } from '../auth/service.js';
import { playerLimitsView } from './player-view.js';
import { setDepositLimits, setReminder, startExclusion } from './service.js';

export async function limitsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, limits.get, async (_input, req) => playerLimitsView(ctx, sessionUser(req).userId));

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
    return playerLimitsView(ctx, userId);
  });
}
