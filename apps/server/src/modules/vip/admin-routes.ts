import type { FastifyInstance } from 'fastify';
import { vipAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { saveRebateRate, saveVipLevel } from './console.js';
import { levelViews } from './views.js';

/** The operator's VIP levels and rebate table (an area of the operator plugin, which guards them). */
export async function vipAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, vipAdmin.vipLevelsList, async () => ({ levels: await levelViews(ctx.db) }));
  adminRoute(app, vipAdmin.vipLevelSave, async (input, op) => saveVipLevel(ctx, op.name, input));
  adminRoute(app, vipAdmin.rebateRateSave, async (input, op) => saveRebateRate(ctx, op.name, input));
}
