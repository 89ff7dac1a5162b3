import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  depositFeeAndBonus,
  ErrorCode,
  formatMoney,
  type ChannelAdapter,
  type Lang,
  type DepositStatus,
  type limits,
  type PayInstructions,
} from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/sessions.js';
import { inTransaction, lockKey, type Conn, type Tx } from '../../platform/db.js';
import { audited } from '../../platform/audit.js';
import { batcherPerDb } from '../../platform/db-batcher.js';
import { AppError } from '../../platform/errors.js';
import { withinTimeRange } from '../../platform/time-range.js';
import type { LedgerReference } from '../wallet/service.js';
import { channelNameIn, enabledChannel, openNow } from './channels.js';
import { pageOfDeposits } from './deposit-list.js';
import { sandboxPayUrl, type SecretsAccess } from './sandbox-secret.js';
import { getUsdtRate, RATE_SCALE, usdtToSend } from './usdt-rate.js';
import { creditDeposit, DEPOSITS } from './credit.js';
import { depositOrders, firstDeposits, payChannels, type ChannelInstructions } from './tables.js';

export { sealGatewaySecret } from './sandbox-secret.js';
export { creditDeposit, creditDeposits } from './credit.js';

export const ORDER_TTL_MS = 30 * 60_000;
/** Open (PENDING) orders a player may have at once. */
export const MAX_PENDING_ORDERS = 5;

/** A paid order credited its amount less the fee, and its bonus if any (wallet/check.ts). */
export const depositLedgerReferences: LedgerReference[] = [
  { table: DEPOSITS, idColumn: 'order_no', code: 'deposit', settled: "status = 'PAID'" },
  { table: DEPOSITS, idColumn: 'order_no', code: 'bonus', settled: "status = 'PAID' AND bonus > 0" },
];

export type DepositOrder = typeof depositOrders.$inferSelect;

/** Creates a PENDING order after checking the channel and the amount; a refusal writes nothing. */
export async function startDeposit(
  ctx: AppContext,
  session: SessionUser,
  input: { channelId: number; amount: number },
  timeZone: string,
) {
  const { userId } = session;
  const channel = await enabledChannel(ctx.db, input.channelId, ctx);
  const now = ctx.now();
  if (!openNow(channel, now, timeZone)) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'channelClosed', { open: channel.openTime, close: channel.closeTime });
  }
  if (input.amount < channel.minAmount || input.amount > channel.maxAmount) {
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      'amountOutOfRange',
      { min: formatMoney(channel.minAmount), max: formatMoney(channel.maxAmount) },
      { field: 'amount' },
    );
  }
  // A USDT order keeps the rate of its creation: a later change of rate does not alter it.
  const rateBp = channel.type === 'usdt' ? await getUsdtRate(ctx.db) : null;
  if (channel.type === 'usdt' && rateBp === null) throw new AppError(ErrorCode.UNPROCESSABLE, 'channelUnavailable');
  const { fee, bonus } = depositFeeAndBonus(input.amount, channel);
  const order = await inTransaction(ctx.db, async (tx) => {
    // Serializes the player's startPay calls, so the open-order cap holds under concurrency.
    await lockKey(tx, DEPOSIT_LOCK_SPACE, userId);
    const [open] = await tx
      .select({ n: count() })
      .from(depositOrders)
      .where(and(eq(depositOrders.userId, userId), eq(depositOrders.status, 'PENDING')));
    if ((open?.n ?? 0) >= MAX_PENDING_ORDERS) {
      throw new AppError(ErrorCode.UNPROCESSABLE, 'tooManyPendingDeposits', { count: MAX_PENDING_ORDERS });
    }
    // Under the same lock, so concurrent orders cannot pass a deposit limit together.
    await ctx.events.emit(tx, ctx, 'deposit.requesting', { userId, amount: input.amount, at: now });
    // A number taken already (6 random digits a second: among a hundred orders a second, one a
    // run of thousands): another one, rather than a 500.
    let row: typeof depositOrders.$inferSelect | undefined;
    for (let attempt = 0; !row; attempt += 1) {
      if (attempt === 5) throw new Error('no free deposit order number');
      [row] = await tx
        .insert(depositOrders)
        .values({
          orderNo: newOrderNo(now),
          userId,
          channelId: channel.id,
          amount: input.amount,
          fee,
          bonus,
          creditedAmount: input.amount - fee,
          instructions: channel.instructions,
          usdtRateBp: rateBp,
          usdtAmount: rateBp === null ? null : usdtToSend(input.amount, rateBp),
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        })
        .onConflictDoNothing({ target: depositOrders.orderNo })
        .returning();
    }
    return row;
  });
  return {
    orderNo: order.orderNo,
    payUrl: channel.adapter === 'sandbox' ? await sandboxPayUrl(ctx, order.orderNo, session.sessionId) : null,
    expiresAt: order.expiresAt.toISOString(),
    amount: order.amount,
    fee: order.fee,
    bonus: order.bonus,
    creditedAmount: order.creditedAmount,
    instructions: instructionsOf(order),
  };
}

/** Arbitrary constant: first key of the per-player advisory lock of startPay. */
const DEPOSIT_LOCK_SPACE = 3_301;

/**
 * What counts against the deposit limits (docs/design.md §8) in the current day, week (from Monday)
 * and month of the site's time zone: the amounts of orders created in the period that are
 * pending or paid. Counting an order from its creation, not its credit, keeps a player from
 * opening several orders that would pass the limit together; a failed or expired order stops
 * counting (one the operator confirms after expiry counts again once paid).
 */
export async function depositedInPeriods(
  db: Conn,
  userId: number,
  now: Date,
  timeZone: string,
): Promise<Record<limits.LimitPeriod, number>> {
  const since = (unit: 'day' | 'week' | 'month') =>
    sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
  const sumSince = (unit: 'day' | 'week' | 'month') =>
    sql<number>`coalesce(sum(${depositOrders.amount}) FILTER (WHERE ${depositOrders.createdAt} >= ${since(unit)}), 0)`.mapWith(
      Number,
    );
  const [row] = await db
    .select({ day: sumSince('day'), week: sumSince('week'), month: sumSince('month') })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.userId, userId),
        inArray(depositOrders.status, ['PENDING', 'PAID']),
        sql`${depositOrders.createdAt} >= LEAST(${since('week')}, ${since('month')})`,
      ),
    );
  return { day: row?.day ?? 0, week: row?.week ?? 0, month: row?.month ?? 0 };
}

export async function listDeposits(
  db: Conn,
  userId: number,
  filter: { page: number; pageSize: number; status?: DepositStatus | undefined; from?: string; to?: string },
  lang: Lang = 'zh-CN',
) {
  const where = and(
    eq(depositOrders.userId, userId),
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
    ...withinTimeRange(depositOrders.createdAt, filter),
  );
  const found = await pageOfDeposits(db, filter, where, lang);
  return { ...found, list: found.list.map((r) => summary(r.order, r.channelName, r.channelType)) };
}

/** The player's own order; another player's order number → 404. */
export async function depositDetails(ctx: SecretsAccess, session: SessionUser, orderNo: string, lang: Lang = 'zh-CN') {
  const { db } = ctx;
  const { userId } = session;
  const [row] = await db
    .select({
      order: depositOrders,
      channelName: channelNameIn(lang),
      channelType: payChannels.type,
      adapter: payChannels.adapter,
    })
    .from(depositOrders)
    .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
    .where(and(eq(depositOrders.orderNo, orderNo), eq(depositOrders.userId, userId)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const o = row.order;
  return {
    ...summary(o, row.channelName, row.channelType),
    channelId: o.channelId,
    adapter: row.adapter,
    fee: o.fee,
    bonus: o.bonus,
    firstDeposit: o.firstDeposit,
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    payUrl:
      row.adapter === 'sandbox' && o.status === 'PENDING'
        ? await sandboxPayUrl(ctx, o.orderNo, session.sessionId)
        : null,
    instructions: instructionsOf(o),
    timeline: timeline(o),
  };
}

/** The orders of channels with this adapter, by number (a gateway sees only its own orders). */
async function depositsByNumber(
  db: Conn,
  orderNos: string[],
  adapter: ChannelAdapter,
): Promise<Map<string, DepositOrder>> {
  const rows = await db
    .select({ order: depositOrders })
    .from(depositOrders)
    .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
    .where(and(inArray(depositOrders.orderNo, orderNos), eq(payChannels.adapter, adapter)));
  return new Map(rows.map(({ order }) => [order.orderNo, order]));
}

/** The order of a channel with this adapter (a gateway sees only its own orders). */
export async function findDeposit(
  db: Conn,
  orderNo: string,
  adapter: ChannelAdapter,
): Promise<DepositOrder | undefined> {
  return (await depositsByNumber(db, [orderNo], adapter)).get(orderNo);
}

/**
 * findDeposit of the sandbox gateway's callbacks: those that arrive while others are read read
 * their orders in one statement (db-batcher.ts).
 */
export const findSandboxDeposit = batcherPerDb(async (db, orderNos: string[]) => {
  const found = await depositsByNumber(db, [...new Set(orderNos)], 'sandbox');
  return orderNos.map((n) => ({ status: 'fulfilled' as const, value: found.get(n) }));
});

/** Whether the player has a credited first deposit (the first-deposit promotion is for those without). */
export async function hasFirstDeposit(db: Conn, userId: number): Promise<boolean> {
  return (await db.$count(firstDeposits, eq(firstDeposits.userId, userId))) > 0;
}

/**
 * The operator saw the money of a manual (bank, USDT) order arrive: credits it, even after it
 * expired, with its audit row. An order already paid is a 409 (nothing to confirm or audit).
 */
export async function confirmManualDeposit(ctx: AppContext, orderNo: string, operator: string): Promise<void> {
  const change = async (tx: Tx) => {
    const [row] = await tx
      .select({ order: depositOrders, adapter: payChannels.adapter })
      .from(depositOrders)
      .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
      .where(eq(depositOrders.orderNo, orderNo))
      .for('update', { of: depositOrders });
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    if (row.adapter !== 'manual') throw new AppError(ErrorCode.CONFLICT, 'depositNotManual');
    if (row.order.status === 'FAILED') throw new AppError(ErrorCode.CONFLICT, 'depositClosed');
    if (!(await creditDeposit(tx, ctx, orderNo, ['PENDING', 'EXPIRED'], operator))) {
      throw new AppError(ErrorCode.CONFLICT, 'orderStateChanged', { status: 'PAID' });
    }
    const [now] = await tx
      .select({ status: depositOrders.status })
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, orderNo));
    return { before: row.order.status, after: now?.status ?? null };
  };
  await audited(ctx, operator, change, ({ before, after }) => ({
    action: 'deposit.confirm',
    target: orderNo,
    payload: {},
    before: { status: before },
    after: { status: after },
  }));
}

/** The gateway reported a failed payment: PENDING → FAILED; false when it was not PENDING. */
export async function failDeposit(db: Conn, orderNo: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(depositOrders)
    .set({ status: 'FAILED', closedAt: now })
    .where(and(eq(depositOrders.orderNo, orderNo), eq(depositOrders.status, 'PENDING')))
    .returning({ id: depositOrders.id });
  return rows.length > 0;
}

/** The expiry job: PENDING orders past their expiry become EXPIRED. Returns how many. */
export async function expireDeposits(db: Conn, now: Date): Promise<number> {
  const rows = await db
    .update(depositOrders)
    .set({ status: 'EXPIRED', closedAt: now })
    .where(and(eq(depositOrders.status, 'PENDING'), lte(depositOrders.expiresAt, now)))
    .returning({ id: depositOrders.id });
  return rows.length;
}

function summary(o: DepositOrder, channelName: string, channelType: DepositSummaryType) {
  return {
    orderNo: o.orderNo,
    channelName,
    channelType,
    amount: o.amount,
    creditedAmount: o.creditedAmount,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
  };
}
type DepositSummaryType = (typeof payChannels.$inferSelect)['type'];

function instructionsOf(o: DepositOrder): PayInstructions | null {
  const i: ChannelInstructions | null = o.instructions;
  if (!i) return null;
  if (i.kind === 'bank') return { ...i, amount: o.amount, reference: o.orderNo };
  return {
    ...i,
    amount: o.amount,
    usdtAmount: o.usdtAmount ?? 0,
    rate: o.usdtRateBp === null ? 0 : o.usdtRateBp / RATE_SCALE,
  };
}

/** created → (expired) → paid, credited; or created → expired / failed. */
function timeline(o: DepositOrder) {
  const steps: { step: 'created' | 'paid' | 'credited' | 'expired' | 'failed'; at: string }[] = [
    { step: 'created', at: o.createdAt.toISOString() },
  ];
  if (o.closedAt) steps.push({ step: o.status === 'FAILED' ? 'failed' : 'expired', at: o.closedAt.toISOString() });
  if (o.paidAt) {
    steps.push({ step: 'paid', at: o.paidAt.toISOString() }, { step: 'credited', at: o.paidAt.toISOString() });
  }
  return steps;
}

/** D + UTC time to the second + 6 random digits: D20250101120000123456. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `D${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

// The module's public face for the others (admin, seed): what they may call besides the above.
export { createChannel } from './channels.js';
export { setUsdtRate } from './usdt-rate.js';
export {
  depositsByDay,
  depositTotalsOf,
  listAllDeposits,
  listCallbacks,
  listChannelsForOperator,
  manualQueueCounts,
} from './console.js';
export { depositTimeline } from './timeline.js';
export { depositFiguresByChannel, depositsByPeriod, manualDepositQueue } from './report-figures.js';
