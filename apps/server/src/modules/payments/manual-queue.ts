import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Db } from '../../platform/db.js';
import { users } from '../auth/tables.js';
import { depositOrders, payChannels } from './tables.js';

/**
 * Orders of manual channels (bank, USDT) waiting for the operator to find the money on the
 * statement: PENDING, or EXPIRED (the money may still arrive late; confirmManualDeposit credits
 * those too). Newest first.
 */
export async function listManualDepositQueue(db: Db, page: PageRequest) {
  const where = and(eq(payChannels.adapter, 'manual'), inArray(depositOrders.status, ['PENDING', 'EXPIRED']));
  const [rows, [count]] = await Promise.all([
    db
      .select({ order: depositOrders, channel: payChannels.name, username: users.username })
      .from(depositOrders)
      .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
      .innerJoin(users, eq(users.id, depositOrders.userId))
      .where(where)
      .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(depositOrders)
      .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
      .where(where),
  ]);
  return {
    list: rows.map(({ order, channel, username }) => ({
      orderNo: order.orderNo,
      username,
      channel,
      amount: order.amount,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}
