import { sql } from 'drizzle-orm';
import type { playersAdmin } from '@breakshot/contracts';
import type { Conn, Tx } from '../../platform/db.js';
import { timelineRows, type TimelineCursor } from '../../platform/timeline.js';
import { limitChanges } from './tables.js';

/** Keeps the change the player asked for, in the transaction that makes it. */
export async function recordLimitChange(
  tx: Tx,
  userId: number,
  change: playersAdmin.LimitChange,
  at: Date,
): Promise<void> {
  await tx.insert(limitChanges).values({ userId, change, at });
}

/** The player's limit changes for their timeline (platform/timeline.ts). */
export const limitTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ change: playersAdmin.LimitChange }>(
    db,
    {
      kind: 'limit',
      table: limitChanges,
      userId,
      at: limitChanges.at,
      id: limitChanges.id,
      columns: sql`${limitChanges.change} AS change`,
      toEvent: (r) => ({ kind: 'limit', id: r.id, at: r.at, change: r.change }),
    },
    cursor,
    limit,
  );
