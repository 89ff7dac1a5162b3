import { sql } from 'drizzle-orm';
import type { withdrawals } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { timelineRows, type TimelineCursor } from '../../platform/timeline.js';
import { withdrawalOrders } from './tables.js';

/** The player's withdrawal orders for their timeline (platform/timeline.ts), as they stand now. */
export const withdrawalTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ orderNo: string; amount: string; status: withdrawals.WithdrawStatus }>(
    db,
    {
      kind: 'withdrawal',
      table: withdrawalOrders,
      userId,
      at: withdrawalOrders.createdAt,
      id: withdrawalOrders.id,
      columns: sql`${withdrawalOrders.orderNo} AS "orderNo", ${withdrawalOrders.amount} AS amount, ${withdrawalOrders.status} AS status`,
      toEvent: (r) => ({
        kind: 'withdrawal',
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
