import type { FastifyInstance } from 'fastify';
import { admin } from '@breakshot/contracts';
import { listAudit } from '../../platform/audit.js';
import { adminRoute } from '../../platform/route.js';
import {
  changeUsdtRate,
  confirmManualDeposit,
  listChannelsForOperator,
  listManualDepositQueue,
  switchChannel,
} from '../payments/service.js';
import { listWithdrawals, reviewWithdrawal } from '../withdrawals/service.js';
import { adjustBalance } from './adjust.js';
import { setPlayerStatus } from './player-status.js';
import { waivePlayerTurnover } from './waive-turnover.js';

/** Operator calls on players and money (an area of the operator plugin, which guards them). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  adminRoute(app, admin.withdrawalsList, async (input) => listWithdrawals(ctx.db, input));
  adminRoute(app, admin.withdrawalApprove, async (input, op) => reviewWithdrawal(ctx, op.name, 'approve', input));
  adminRoute(app, admin.withdrawalPay, async (input, op) => reviewWithdrawal(ctx, op.name, 'pay', input));
  adminRoute(app, admin.withdrawalReject, async (input, op) => reviewWithdrawal(ctx, op.name, 'reject', input));

  adminRoute(app, admin.depositsPending, async (input) => listManualDepositQueue(ctx.db, input));
  adminRoute(app, admin.depositConfirm, async ({ orderNo }, op) => {
    await confirmManualDeposit(ctx, orderNo, op.name);
    return { orderNo, status: 'PAID' };
  });

  adminRoute(app, admin.balanceAdjust, async (input, op) => adjustBalance(ctx, op.name, input));
  adminRoute(app, admin.turnoverWaive, async (input, op) => waivePlayerTurnover(ctx, op.name, input));
  adminRoute(app, admin.auditList, async (input) => listAudit(ctx.db, input));
  adminRoute(app, admin.channelsList, async () => listChannelsForOperator(ctx));
  adminRoute(app, admin.channelSetEnabled, async (input, op) => switchChannel(ctx, op.name, input));
  adminRoute(app, admin.usdtRateSet, async (input, op) => changeUsdtRate(ctx, op.name, input));
  adminRoute(app, admin.playerSetStatus, async (input, op) => setPlayerStatus(ctx, op.name, input));
}
