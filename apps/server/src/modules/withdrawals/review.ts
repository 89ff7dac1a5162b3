import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type PageRequest, type admin, type withdrawals } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { usernamesOf } from '../auth/service.js';
import { postPending, registerLedgerReference, voidPending } from '../wallet/service.js';
import { holdKey, pageOfOrders, WITHDRAWAL_TABLE } from './orders.js';
import { withdrawalOrders, type WithdrawalOrderRow } from './tables.js';

type WithdrawStatus = withdrawals.WithdrawStatus;

// Every withdrawal order holds its amount with one pending transfer from the moment it exists.
registerLedgerReference({ table: WITHDRAWAL_TABLE, idColumn: 'order_no', code: 'withdrawal', settled: 'true' });

/*
 * The operator's review, each a compare-and-set on the status in the caller's transaction,
 * together with its ledger call: reviewing → approved; approved → paid (hold posted);
 * reviewing or approved → rejected (hold voided: the money goes back).
 */

export async function approveWithdrawal(
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  return moveStatus(tx, orderNo, ['reviewing'], { status: 'approved', approvedAt: ctx.now(), operator });
}

export async function payWithdrawal(
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  const row = await moveStatus(tx, orderNo, ['approved'], { status: 'paid', paidAt: ctx.now(), operator });
  await postPending(tx, ctx, { key: `${holdKey(orderNo)}:post`, pendingId: heldBy(row) });
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
  await voidPending(tx, ctx, { key: `${holdKey(orderNo)}:void`, pendingId: heldBy(row) });
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
  const row = await audited(
    ctx,
    operator,
    (tx) => {
      if (action === 'approve') return approveWithdrawal(tx, ctx, input.orderNo, operator);
      if (action === 'pay') return payWithdrawal(tx, ctx, input.orderNo, operator);
      return rejectWithdrawal(tx, ctx, input.orderNo, operator, input.reason ?? '');
    },
    ({ orderNo, userId, amount, status, reason }) => ({
      action: `withdrawal.${action}`,
      target: orderNo,
      payload: { userId, amount, status, reason },
    }),
  );
  return { orderNo: row.orderNo, status: row.status };
}

/** The operator's queue: newest first, with the full account to pay to. */
export async function listWithdrawals(db: Conn, input: PageRequest & { status?: WithdrawStatus | undefined }) {
  const where = input.status ? eq(withdrawalOrders.status, input.status) : undefined;
  const found = await pageOfOrders(db, input, where);
  const names = await usernamesOf(
    db,
    found.list.map((o) => o.userId),
  );
  return { ...found, list: found.list.map((o) => toAdminWithdrawal(o, names.get(o.userId) ?? '')) };
}

function toAdminWithdrawal(row: WithdrawalOrderRow, username: string): admin.AdminWithdrawal {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    orderNo: row.orderNo,
    userId: row.userId,
    username,
    amount: row.amount,
    feeAmount: row.feeAmount,
    netAmount: row.netAmount,
    status: row.status,
    account: row.accountSnapshot,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    paidAt: iso(row.paidAt),
    rejectedAt: iso(row.rejectedAt),
    approvals: [],
    approvalsNeeded: 1,
    turnoverLeft: 0,
    risk: [],
  };
}

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
