import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { paymentsAdmin, DepositStatus, PageRequest } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { allChannels, setChannelEnabled, type ChannelRecord } from './channels.js';
import { pageOfDeposits } from './deposit-list.js';
import { depositOrders, payChannels, paymentCallbacks } from './tables.js';
import { getUsdtRate, RATE_SCALE, setUsdtRate } from './usdt-rate.js';
import { dayFilterConditions, localDay, type DayFilter } from '../../platform/time-range.js';

/*
 * Deposits as the operator console sees them: every order with filters, the callbacks that
 * arrived for one, the waiting manual queue, and totals for the dashboard; and the operator's
 * controls of recharge: channels on and off, the USDT rate, each change audited in its
 * transaction.
 */

export interface DepositFilter extends PageRequest {
  status?: DepositStatus | undefined;
  channelId?: number | undefined;
  username?: string | undefined;
}

export async function listAllDeposits(db: Conn, filter: DepositFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
    filter.channelId ? eq(depositOrders.channelId, filter.channelId) : undefined,
  ];
  if (filter.username) {
    const player = await findPlayer(db, filter.username);
    conditions.push(eq(depositOrders.userId, player?.id ?? -1));
  }
  const found = await pageOfDeposits(db, filter, and(...conditions), 'zh-CN');
  const names = await usernamesOf(
    db,
    found.list.map((r) => r.order.userId),
  );
  return {
    ...found,
    list: found.list.map(({ order, channelName, adapter }): paymentsAdmin.AdminDeposit => ({
      orderNo: order.orderNo,
      username: names.get(order.userId) ?? '',
      channel: channelName,
      adapter,
      amount: order.amount,
      fee: order.fee,
      bonus: order.bonus,
      creditedAmount: order.creditedAmount,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      confirmedBy: order.confirmedBy,
    })),
  };
}

export async function listCallbacks(db: Conn, orderNo: string) {
  const rows = await db
    .select()
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.orderNo, orderNo))
    .orderBy(desc(paymentCallbacks.receivedAt), desc(paymentCallbacks.id))
    .limit(100);
  return {
    list: rows.map((r) => ({
      id: r.id,
      gateway: r.gateway,
      payload: r.payload,
      outcome: r.outcome,
      receivedAt: r.receivedAt.toISOString(),
    })),
  };
}

/** Paid deposits per player, by id. */
export async function depositTotalsOf(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: depositOrders.userId, total: sql<number>`sum(${depositOrders.amount})`.mapWith(Number) })
    .from(depositOrders)
    .where(and(inArray(depositOrders.userId, userIds), eq(depositOrders.status, 'PAID')))
    .groupBy(depositOrders.userId);
  return new Map(rows.map((r) => [r.userId, r.total]));
}

/** Manual-channel orders waiting for the operator, and the newest one's time. */
export async function manualQueueCounts(db: Conn) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)`.mapWith(Number),
      newestAt: sql<Date | null>`max(${depositOrders.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(depositOrders)
    .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
    .where(and(eq(payChannels.adapter, 'manual'), inArray(depositOrders.status, ['PENDING', 'EXPIRED'])));
  return { waiting: row?.waiting ?? 0, newestAt: row?.newestAt ?? null };
}

/** Paid deposits per day of the time zone (by the time they were paid), of everyone or one player. */
export async function depositsByDay(db: Conn, filter: DayFilter, timeZone: string) {
  const day = localDay(depositOrders.paidAt, timeZone);
  const rows = await db
    .select({
      day,
      amount: sql<number>`sum(${depositOrders.amount})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(depositOrders)
    .where(
      and(eq(depositOrders.status, 'PAID'), ...dayFilterConditions(depositOrders.paidAt, depositOrders.userId, filter)),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, { amount: r.amount, count: r.count }]));
}

/**
 * Orders of manual channels (bank, USDT) waiting for the operator to find the money on the
 * statement: PENDING, or EXPIRED (the money may still arrive late; confirmManualDeposit credits
 * those too). Newest first.
 */
export async function listManualDepositQueue(db: Conn, page: PageRequest) {
  const where = and(eq(payChannels.adapter, 'manual'), inArray(depositOrders.status, ['PENDING', 'EXPIRED']));
  // The operator reads the channel's Chinese name.
  const found = await pageOfDeposits(db, page, where, 'zh-CN');
  const names = await usernamesOf(
    db,
    found.list.map((r) => r.order.userId),
  );
  return {
    ...found,
    list: found.list.map(({ order, channelName: channel }) => ({
      orderNo: order.orderNo,
      username: names.get(order.userId) ?? '',
      channel,
      amount: order.amount,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
    })),
  };
}

const view = (c: ChannelRecord, ctx: AppContext): paymentsAdmin.AdminChannel => ({
  id: c.id,
  name: c.name,
  type: c.type,
  adapter: c.adapter,
  enabled: c.enabled,
  available: c.adapter !== 'sandbox' || ctx.sandboxPay,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
});

export async function listChannelsForOperator(ctx: AppContext) {
  return { list: (await allChannels(ctx.db)).map((c) => view(c, ctx)) };
}

/** Switches a channel on or off. */
export async function switchChannel(ctx: AppContext, operator: string, input: { id: number; enabled: boolean }) {
  const before = await audited(
    ctx,
    operator,
    (tx) => setChannelEnabled(tx, input.id, input.enabled),
    ({ name, enabled }) => ({
      action: input.enabled ? 'channel.enable' : 'channel.disable',
      target: String(input.id),
      payload: { name, was: enabled },
      before: { enabled },
      after: { enabled: input.enabled },
    }),
  );
  return view({ ...before, enabled: input.enabled }, ctx);
}

/** Sets the USDT rate new deposits use; orders made before keep theirs. */
export async function changeUsdtRate(ctx: AppContext, operator: string, input: { rate: number }) {
  const rateBp = Math.round(input.rate * RATE_SCALE);
  return audited(
    ctx,
    operator,
    async (tx) => {
      // Locked: two operators changing the rate at once each see the rate the other left.
      const before = await getUsdtRate(tx, true);
      await setUsdtRate(tx, rateBp, ctx.now());
      return { rate: rateBp / RATE_SCALE, previous: before === null ? null : before / RATE_SCALE };
    },
    ({ rate, previous }) => ({
      action: 'payments.usdt-rate',
      target: 'usdt',
      payload: { rate: input.rate, previous },
      // No rate before: the change made the first.
      before: previous === null ? null : { rate: previous },
      after: { rate },
    }),
  );
}
