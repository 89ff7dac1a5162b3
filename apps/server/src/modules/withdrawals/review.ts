import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode, type PageRequest, type admin, type withdrawals } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../auth/tables.js';
import { postPending, registerLedgerReference, voidPending } from '../wallet/service.js';
import { holdKey, WITHDRAWAL_TABLE } from './orders.js';
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
  tx: Db,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  return moveStatus(tx, orderNo, ['reviewing'], { status: 'approved', approvedAt: ctx.now(), operator });
}

export async function payWithdrawal(
  tx: Db,
  ctx: AppContext,
  orderNo: string,
  operator: string,
): Promise<WithdrawalOrderRow> {
  const row = await moveStatus(tx, orderNo, ['approved'], { status: 'paid', paidAt: ctx.now(), operator });
  await postPending(tx, ctx, { key: `${holdKey(orderNo)}:post`, pendingId: heldBy(row) });
  return row;
}

export async function rejectWithdrawal(
  tx: Db,
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

/** The operator's queue: newest first, with the full account to pay to. */
export async function listWithdrawals(db: Db, input: PageRequest & { status?: WithdrawStatus | undefined }) {
  const where = input.status ? eq(withdrawalOrders.status, input.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ order: withdrawalOrders, username: users.username })
      .from(withdrawalOrders)
      .innerJoin(users, eq(users.id, withdrawalOrders.userId))
      .where(where)
      .orderBy(desc(withdrawalOrders.createdAt), desc(withdrawalOrders.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawalOrders)
      .where(where),
  ]);
  return {
    list: rows.map(({ order, username }) => toAdminWithdrawal(order, username)),
    total: count?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
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
  };
}

async function moveStatus(
  tx: Db,
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
