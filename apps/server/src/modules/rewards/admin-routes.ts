import type { FastifyInstance } from 'fastify';
import { rewardsAdmin } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { adminRoute } from '../../platform/route.js';
import { grantOperatorReward, listAllRewards, listTaskTiers, saveTaskTiers } from './console.js';

/** Operator calls of rewards and the daily task (an area of the operator plugin, which guards them). */
export async function rewardsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, rewardsAdmin.rewardsList, async (input, _op, req) =>
    listAllRewards(ctx.db, input, requestLang(req), ctx.now()),
  );
  adminRoute(app, rewardsAdmin.rewardGrant, async (input, op, req) =>
    grantOperatorReward(ctx, op.name, input, requestLang(req)),
  );
  adminRoute(app, rewardsAdmin.taskTiersList, async () => listTaskTiers(ctx.db));
  adminRoute(app, rewardsAdmin.taskTiersSave, async (input, op) => saveTaskTiers(ctx, op.name, input));
}
