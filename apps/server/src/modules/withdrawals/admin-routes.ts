import type { FastifyInstance } from 'fastify';
import { withdrawalsAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { boundAccountsOf, operatorRevealAccount } from './bound-accounts.js';
import { changeDualApprovalAmount, withdrawSettingsForOperator } from './console.js';
import { listWithdrawals } from './queue.js';
import { reviewWithdrawal } from './review.js';

/**
 * The operator's withdrawal queue, its review, its settings and a player's bound accounts (an area
 * of the operator plugin, which guards them).
 */
export async function withdrawalsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, withdrawalsAdmin.withdrawalsList, async (input) => listWithdrawals(ctx, input));
  adminRoute(app, withdrawalsAdmin.withdrawalApprove, async (input, op) =>
    reviewWithdrawal(ctx, op.name, 'approve', input),
  );
  adminRoute(app, withdrawalsAdmin.withdrawalPay, async (input, op) => reviewWithdrawal(ctx, op.name, 'pay', input));
  adminRoute(app, withdrawalsAdmin.withdrawalReject, async (input, op) =>
    reviewWithdrawal(ctx, op.name, 'reject', input),
  );
  adminRoute(app, withdrawalsAdmin.withdrawSettingsGet, async () => withdrawSettingsForOperator(ctx.db));
  adminRoute(app, withdrawalsAdmin.dualApprovalSet, async (input, op) =>
    changeDualApprovalAmount(ctx, op.name, input.dualApprovalAmount),
  );
  adminRoute(app, withdrawalsAdmin.playerAccounts, async (input) => boundAccountsOf(ctx.db, input.userId));
  adminRoute(app, withdrawalsAdmin.playerAccountReveal, async (input, op) =>
    operatorRevealAccount(ctx, op.name, input),
  );
}
