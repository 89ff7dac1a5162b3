import { and, eq, inArray } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { usernamesOf } from '../auth/service.js';
import { pageOfDeposits } from './deposit-list.js';
import { depositOrders, payChannels } from './tables.js';

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
