import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { usernamesOf } from '../auth/service.js';
import { depositOrders, payChannels } from './tables.js';

/**
 * Orders of manual channels (bank, USDT) waiting for the operator to find the money on the
 * statement: PENDING, or EXPIRED (the money may still arrive late; confirmManualDeposit credits
 * those too). Newest first.
 */
export async function listManualDepositQueue(db: Conn, page: PageRequest) {
  const where = and(eq(payChannels.adapter, 'manual'), inArray(depositOrders.status, ['PENDING', 'EXPIRED']));
  const found = await pageOf(
    page,
    (limit, offset) =>
      db
        .select({ order: depositOrders, channel: payChannels.name })
        .from(depositOrders)
        .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
        .where(where)
        .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(depositOrders)
        .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
        .where(where);
      return row?.n ?? 0;
    },
  );
  const names = await usernamesOf(
    db,
    found.list.map((r) => r.order.userId),
  );
  return {
    ...found,
    list: found.list.map(({ order, channel }) => ({
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
