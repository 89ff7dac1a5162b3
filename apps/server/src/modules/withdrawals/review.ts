import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type withdrawals } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { postPending, voidPending, type LedgerReference } from '../wallet/service.js';
import { resolveKey, WITHDRAWAL_TABLE } from './orders.js';
import { dualApprovalAmount } from './settings.js';
import { withdrawalOrders, type WithdrawalOrderRow } from './tables.js';

type WithdrawStatus = withdrawals.WithdrawStatus;

// Every withdrawal order holds its amount with one pending transfer from the moment it exists.
/** Every withdrawal's hold left the player (posted or voided: wallet/check.ts). */
export const withdrawalLedgerReferences: LedgerReference[] = [
  { table: WITHDRAWAL_TABLE, idColumn: 'order_no', code: 'withdrawal', settled: 'true' },
];

/*
 * The operator's review, each a compare-and-set on the status in the caller's transaction,
 * together with its ledger call: reviewing → approved; approved → paid (hold posted);
 * reviewing or approved → rejected (hold voided: the money goes back). Paid and rejected also
 * write the player a message.
 */

/**
 * reviewing → approved. Above the dual-approval amount the first approval is recorded and the
 * order stays in review until a different operator approves it too.
 */
export async function approveWithdrawal(
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  // The row lock makes two operators approving at once take turns: one is first, one second.
  const [order] = await tx.select().from(withdrawalOrders).where(eq(withdrawalOrders.orderNo, orderNo)).for('update');
  if (!order) throw new AppError(ErrorCode.NOT_FOUND, 'withdrawOrderNotFound');
  if (order.status !== 'reviewing')
    throw new AppError(ErrorCode.CONFLICT, 'orderStateChanged', { status: order.status });
  if (order.firstApprovedBy === null && order.amount > (await dualApprovalAmount(tx))) {
    const [first] = await tx
      .update(withdrawalOrders)
      .set({ firstApprovedBy: operator, firstApprovedAt: ctx.now() })
      .where(eq(withdrawalOrders.orderNo, orderNo))
      .returning();
    return first ?? order;
  }
  if (order.firstApprovedBy !== null && sameOperator(order.firstApprovedBy, operator))
    throw new AppError(ErrorCode.CONFLICT, 'secondApproverSame');
  return moveStatus(tx, orderNo, ['reviewing'], {
    status: 'approved',
    approvedAt: ctx.now(),
    approvedBy: operator,
    operator,
  });
}

/** Operator names are unique case-insensitively. */
const sameOperator = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function payWithdrawal(
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  const now = ctx.now();
  const row = await moveStatus(tx, orderNo, ['approved'], { status: 'paid', paidAt: now, operator });
  await postPending(tx, ctx, { key: resolveKey(orderNo, 'post'), pendingId: heldBy(row) });
  await ctx.events.emit(tx, ctx, 'withdrawal.paid', {
    userId: row.userId,
    orderNo,
    amount: row.amount,
    fee: row.feeAmount,
    netAmount: row.netAmount,
    at: now,
  });
  return row;
}

export async function rejectWithdrawal(
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  operator: string,
  reason: string,
): Promise<WithdrawalOrderRow> {
  const row = await moveStatus(tx, orderNo, ['reviewing', 'approved'], {
    status: 'rejected',
    rejectedAt: ctx.now(),
    operator,
    reason,
  });
  await voidPending(tx, ctx, { key: resolveKey(orderNo, 'void'), pendingId: heldBy(row) });
  await ctx.events.emit(tx, ctx, 'withdrawal.rejected', { userId: row.userId, orderNo, amount: row.amount, reason });
  return row;
}

export type ReviewAction = 'approve' | 'pay' | 'reject';

/** One review step by an operator, with its audit row, in one transaction. */
export async function reviewWithdrawal(
  ctx: AppContext,
  operator: string,
  action: ReviewAction,
  input: { orderNo: string; reason?: string | undefined },
) {
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [was] = await tx
        .select()
        .from(withdrawalOrders)
        .where(eq(withdrawalOrders.orderNo, input.orderNo))
        .for('update');
      const now =
        action === 'approve'
          ? await approveWithdrawal(tx, ctx, input.orderNo, operator)
          : action === 'pay'
            ? await payWithdrawal(tx, ctx, input.orderNo, operator)
            : await rejectWithdrawal(tx, ctx, input.orderNo, operator, input.reason ?? '');
      return { before: was ?? now, after: now };
    },
    ({ before, after }) => ({
      action: `withdrawal.${action}`,
      target: after.orderNo,
      payload: { userId: after.userId, amount: after.amount, reason: after.reason },
      before: reviewState(before),
      after: reviewState(after),
    }),
  );
  return { orderNo: after.orderNo, status: after.status };
}

const reviewState = (row: WithdrawalOrderRow) => ({ status: row.status, firstApprovedBy: row.firstApprovedBy });

async function moveStatus(
  tx: Tx,
  orderNo: string,
  from: WithdrawStatus[],
  set: Partial<typeof withdrawalOrders.$inferInsert> & { status: WithdrawStatus },
): Promise<WithdrawalOrderRow> {
  const [moved] = await tx
    .update(withdrawalOrders)
    .set(set)
    .where(and(eq(withdrawalOrders.orderNo, orderNo), inArray(withdrawalOrders.status, from)))
    .returning();
  if (moved) return moved;
  const [current] = await tx
    .select({ status: withdrawalOrders.status })
    .from(withdrawalOrders)
    .where(eq(withdrawalOrders.orderNo, orderNo));
  if (!current) throw new AppError(ErrorCode.NOT_FOUND, 'withdrawOrderNotFound');
  throw new AppError(ErrorCode.CONFLICT, 'orderStateChanged', { status: current.status });
}

function heldBy(row: WithdrawalOrderRow): number {
  if (row.holdTransferId === null) throw new Error(`withdrawal ${row.orderNo} has no hold`);
  return row.holdTransferId;
}
