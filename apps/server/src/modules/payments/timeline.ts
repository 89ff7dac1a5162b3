import { sql } from 'drizzle-orm';
import type { payments } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { timelineRows, type TimelineCursor } from '../../platform/timeline.js';
import { depositOrders } from './tables.js';

/** The player's deposit orders for their timeline (platform/timeline.ts), as they stand now. */
export const depositTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ orderNo: string; amount: string; status: payments.DepositStatus }>(
    db,
    {
      kind: 'deposit',
      table: depositOrders,
      userId,
      at: depositOrders.createdAt,
      id: depositOrders.id,
      columns: sql`${depositOrders.orderNo} AS "orderNo", ${depositOrders.amount} AS amount, ${depositOrders.status} AS status`,
      toEvent: (r) => ({
        kind: 'deposit',
        id: r.id,
        at: r.at,
        orderNo: r.orderNo,
        amount: Number(r.amount),
        status: r.status,
      }),
    },
    cursor,
    limit,
  );
