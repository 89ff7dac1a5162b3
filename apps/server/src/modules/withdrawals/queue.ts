import { and, eq, inArray, sql } from 'drizzle-orm';
import type { withdrawalsAdmin, PageRequest, withdrawals } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { findPlayer, playersByIds } from '../auth/service.js';
import { depositTotalsOf } from '../payments/service.js';
import { linkCountsOf, tagsOf } from '../player-risk/service.js';
import { turnoverLeftOf } from '../turnover/service.js';
import { pageOfOrders } from './orders.js';
import { openSnapshot } from './sealed-numbers.js';
import { dualApprovalAmount } from './settings.js';
import { withdrawalAccounts, withdrawalOrders, type WithdrawalOrderRow } from './tables.js';
import { dayFilterConditions, localDay, type DayFilter } from '../../platform/time-range.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface QueueFilter extends PageRequest {
  status?: withdrawals.WithdrawStatus | undefined;
  username?: string | undefined;
}

/** The operator's queue: newest first, with the full account to pay to and hints for the reviewer. */
export async function listWithdrawals(ctx: AppContext, input: QueueFilter) {
  const { db } = ctx;
  const conditions = [input.status ? eq(withdrawalOrders.status, input.status) : undefined];
  if (input.username) {
    const player = await findPlayer(db, input.username);
    conditions.push(eq(withdrawalOrders.userId, player?.id ?? -1));
  }
  const page = await pageOfOrders(db, input, and(...conditions));
  const list = await withHints(ctx, page.list);
  return { ...page, list };
}

/** Each order as the reviewer sees it, with what deserves a second look. */
async function withHints(ctx: AppContext, orders: WithdrawalOrderRow[]): Promise<withdrawalsAdmin.AdminWithdrawal[]> {
  const { db } = ctx;
  const userIds = [...new Set(orders.map((o) => o.userId))];
  const [players, deposited, paidBefore, accountsAt, threshold, turnovers, tags, links] = await Promise.all([
    playersByIds(db, userIds),
    depositTotalsOf(db, userIds),
    paidWithdrawalUsers(db, userIds),
    accountCreatedAt(db, orders),
    dualApprovalAmount(db),
    turnoverLeftOf(db, userIds),
    tagsOf(db, userIds),
    linkCountsOf(db, userIds, ctx.now()),
  ]);
  return orders.map((o) => {
    const player = players.get(o.userId);
    const turnoverLeft = turnovers.get(o.userId) ?? 0;
    const accountAt = o.accountId === null ? undefined : accountsAt.get(o.accountId);
    const risk: withdrawalsAdmin.WithdrawalRisk[] = [];
    if (turnoverLeft > 0) risk.push('turnover_unmet');
    if (!paidBefore.has(o.userId)) risk.push('first_withdrawal');
    if (player && o.createdAt.getTime() - player.createdAt.getTime() < DAY_MS) risk.push('new_account');
    if (accountAt && o.createdAt.getTime() - accountAt.getTime() < DAY_MS) risk.push('new_payout_account');
    if (o.amount > threshold) risk.push('large_amount');
    if (o.amount > (deposited.get(o.userId) ?? 0)) risk.push('more_than_deposited');
    const linkedPlayers = links.get(o.userId) ?? 0;
    if (linkedPlayers > 0) risk.push('linked_accounts');
    const account = openSnapshot(ctx.secrets, o.orderNo, o.accountSnapshot);
    return toAdminWithdrawal({ ...o, accountSnapshot: account }, player?.username ?? '', {
      turnoverLeft,
      risk,
      approvalsNeeded: o.amount > threshold ? 2 : 1,
      tags: tags.get(o.userId) ?? [],
      linkedPlayers,
    });
  });
}

/** Players among `userIds` with a paid withdrawal. */
async function paidWithdrawalUsers(db: Conn, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: withdrawalOrders.userId })
    .from(withdrawalOrders)
    .where(and(inArray(withdrawalOrders.userId, userIds), eq(withdrawalOrders.status, 'paid')));
  return new Set(rows.map((r) => r.userId));
}

async function accountCreatedAt(db: Conn, orders: WithdrawalOrderRow[]): Promise<Map<number, Date>> {
  const ids = orders.map((o) => o.accountId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: withdrawalAccounts.id, createdAt: withdrawalAccounts.createdAt })
    .from(withdrawalAccounts)
    .where(inArray(withdrawalAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.createdAt]));
}

function toAdminWithdrawal(
  row: WithdrawalOrderRow,
  username: string,
  hints: Pick<withdrawalsAdmin.AdminWithdrawal, 'turnoverLeft' | 'risk' | 'approvalsNeeded' | 'tags' | 'linkedPlayers'>,
): withdrawalsAdmin.AdminWithdrawal {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const approvals = [];
  if (row.firstApprovedBy && row.firstApprovedAt)
    approvals.push({ operator: row.firstApprovedBy, at: row.firstApprovedAt.toISOString() });
  if (row.approvedAt && row.approvedBy) approvals.push({ operator: row.approvedBy, at: row.approvedAt.toISOString() });
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
    approvals,
    ...hints,
  };
}

/** Withdrawals waiting for an operator, and the newest one's time (the console's live queue). */
export async function withdrawalQueueCounts(db: Conn) {
  const [row] = await db
    .select({
      reviewing: sql<number>`count(*) FILTER (WHERE ${withdrawalOrders.status} = 'reviewing')`.mapWith(Number),
      approved: sql<number>`count(*) FILTER (WHERE ${withdrawalOrders.status} = 'approved')`.mapWith(Number),
      newestAt: sql<Date | null>`max(${withdrawalOrders.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(withdrawalOrders)
    .where(inArray(withdrawalOrders.status, ['reviewing', 'approved']));
  return { reviewing: row?.reviewing ?? 0, approved: row?.approved ?? 0, newestAt: row?.newestAt ?? null };
}

/** What a player has been paid out, in minor units. */
export async function paidWithdrawalsOf(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${withdrawalOrders.amount}), 0)`.mapWith(Number) })
    .from(withdrawalOrders)
    .where(and(eq(withdrawalOrders.userId, userId), eq(withdrawalOrders.status, 'paid')));
  return row?.total ?? 0;
}

/** Paid withdrawals per day of the time zone (by the time they were paid), of everyone or one player. */
export async function withdrawalsByDay(db: Conn, filter: DayFilter, timeZone: string) {
  const day = localDay(withdrawalOrders.paidAt, timeZone);
  const rows = await db
    .select({
      day,
      amount: sql<number>`sum(${withdrawalOrders.amount})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(withdrawalOrders)
    .where(
      and(
        eq(withdrawalOrders.status, 'paid'),
        ...dayFilterConditions(withdrawalOrders.paidAt, withdrawalOrders.userId, filter),
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, { amount: r.amount, count: r.count }]));
}
