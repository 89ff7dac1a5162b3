import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admin, ErrorCode } from '@breakshot/contracts';
import { transaction, type Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listManualDepositQueue } from '../payments/manual-queue.js';
import { confirmManualDeposit } from '../payments/service.js';
import type { WithdrawalOrderRow } from '../withdrawals/tables.js';
import { approveWithdrawal, listWithdrawals, payWithdrawal, rejectWithdrawal } from '../withdrawals/review.js';
import { adjustBalance } from './adjust.js';
import { listChannels, switchChannel } from './channels.js';
import { setPlayerStatus } from './player-status.js';
import { changeUsdtRate } from './usdt-rate.js';
import { waivePlayerTurnover } from './waive-turnover.js';
import { adminRoute } from './admin-route.js';
import { listAudit, writeAudit } from './audit.js';
import { adminGuard, operatorOf } from './guard.js';

export interface AdminRoutesOptions {
  /** The operator token; without one every operator call is refused. */
  token: string | undefined;
}

/** Operator calls under /api/admin until the console exists; every action is audited in its transaction. */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const { ctx } = app;
  const guard = adminGuard(options.token);

  adminRoute(app, guard, admin.withdrawalsList, async (input) => listWithdrawals(ctx.db, input));

  /** A review step and its audit row in one transaction. */
  const review =
    (
      action: string,
      run: (tx: Db, operator: string, input: { orderNo: string; reason?: string }) => Promise<WithdrawalOrderRow>,
    ) =>
    async (input: { orderNo: string; reason?: string }, req: FastifyRequest) => {
      const operator = operatorOf(req);
      const row = await transaction(ctx.db, async (tx) => {
        const moved = await run(tx, operator, input);
        const { userId, amount, status, reason } = moved;
        await writeAudit(tx, {
          operator,
          action,
          target: moved.orderNo,
          payload: { userId, amount, status, reason },
          at: ctx.now(),
        });
        return moved;
      });
      return { orderNo: row.orderNo, status: row.status };
    };

  adminRoute(
    app,
    guard,
    admin.withdrawalApprove,
    review('withdrawal.approve', (tx, op, i) => approveWithdrawal(tx, ctx, i.orderNo, op)),
  );
  adminRoute(
    app,
    guard,
    admin.withdrawalPay,
    review('withdrawal.pay', (tx, op, i) => payWithdrawal(tx, ctx, i.orderNo, op)),
  );
  adminRoute(
    app,
    guard,
    admin.withdrawalReject,
    review('withdrawal.reject', (tx, op, i) => rejectWithdrawal(tx, ctx, i.orderNo, op, i.reason ?? '')),
  );

  adminRoute(app, guard, admin.depositsPending, async (input) => listManualDepositQueue(ctx.db, input));

  adminRoute(app, guard, admin.depositConfirm, async ({ orderNo }, req) => {
    const operator = operatorOf(req);
    await transaction(ctx.db, async (tx) => {
      // false: it was paid before; nothing to confirm or audit.
      if (!(await confirmManualDeposit(tx, ctx, orderNo, operator))) {
        throw new AppError(ErrorCode.CONFLICT, 'orderStateChanged', { status: 'PAID' });
      }
      await writeAudit(tx, { operator, action: 'deposit.confirm', target: orderNo, payload: {}, at: ctx.now() });
    });
    return { orderNo, status: 'PAID' };
  });

  adminRoute(app, guard, admin.balanceAdjust, async (input, req) => adjustBalance(ctx, operatorOf(req), input));
  adminRoute(app, guard, admin.turnoverWaive, async (input, req) => waivePlayerTurnover(ctx, operatorOf(req), input));
  adminRoute(app, guard, admin.auditList, async (input) => listAudit(ctx.db, input));
  adminRoute(app, guard, admin.channelsList, async () => listChannels(ctx));
  adminRoute(app, guard, admin.channelSetEnabled, async (input, req) => switchChannel(ctx, operatorOf(req), input));
  adminRoute(app, guard, admin.usdtRateSet, async (input, req) => changeUsdtRate(ctx, operatorOf(req), input));
  adminRoute(app, guard, admin.playerSetStatus, async (input, req) => setPlayerStatus(ctx, operatorOf(req), input));
}
