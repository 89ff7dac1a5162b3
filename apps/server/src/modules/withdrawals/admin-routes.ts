import type { FastifyInstance } from 'fastify';
import { admin, adminConsole } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { changeDualApprovalAmount } from './dual-approval.js';
import { listWithdrawals } from './queue.js';
import { reviewWithdrawal } from './review.js';
import { dualApprovalAmount, getWithdrawSettings } from './settings.js';

/** The operator's withdrawal queue, its review and its settings (an area of the operator plugin, which guards them). */
export async function withdrawalsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, admin.withdrawalsList, async (input) => listWithdrawals(ctx.db, input));
  adminRoute(app, admin.withdrawalApprove, async (input, op) => reviewWithdrawal(ctx, op.name, 'approve', input));
  adminRoute(app, admin.withdrawalPay, async (input, op) => reviewWithdrawal(ctx, op.name, 'pay', input));
  adminRoute(app, admin.withdrawalReject, async (input, op) => reviewWithdrawal(ctx, op.name, 'reject', input));
  adminRoute(app, adminConsole.withdrawSettingsGet, async () => ({
    ...(await getWithdrawSettings(ctx.db)),
    dualApprovalAmount: await dualApprovalAmount(ctx.db),
  }));
  adminRoute(app, adminConsole.dualApprovalSet, async (input, op) =>
    changeDualApprovalAmount(ctx, op.name, input.dualApprovalAmount),
  );
}
