import type { FastifyInstance } from 'fastify';
import { loyaltyAdmin } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { adminRoute } from '../../platform/route.js';
import { grantOperatorReward, listAllRewards, listTaskTiers, saveTaskTiers } from './service.js';

/** Operator calls of rewards and the daily task (an area of the operator plugin, which guards them). */
export async function rewardsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, loyaltyAdmin.rewardsList, async (input, _op, req) =>
    listAllRewards(ctx.db, input, requestLang(req), ctx.now()),
  );
  adminRoute(app, loyaltyAdmin.rewardGrant, async (input, op, req) =>
    grantOperatorReward(ctx, op.name, input, requestLang(req)),
  );
  adminRoute(app, loyaltyAdmin.taskTiersList, async () => listTaskTiers(ctx.db));
  adminRoute(app, loyaltyAdmin.taskTiersSave, async (input, op) => saveTaskTiers(ctx, op.name, input));
}
