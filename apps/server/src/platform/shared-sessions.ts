import { sql } from 'drizzle-orm';
import { isAnyOf, queryRows, type Conn } from './db.js';

/*
 * Players who logged in from one device or one address (docs/design.md §9, "Linked accounts"):
 * one device id the app keeps, at any time; one client address, both within the window. The
 * server's own machine (development, the demo's simulated players) is nobody's address.
 */

export interface SharedSession {
  userId: number;
  otherId: number;
  reason: 'device' | 'address';
}

const notLoopback = (ip: ReturnType<typeof sql.raw>) =>
  sql`NOT (${ip} LIKE '127.%' OR ${ip} = '::1' OR ${ip} LIKE '::ffff:127.%')`;

/** For each of `userIds`, the other players who shared a device with them, or an address since `since`. */
export async function sharedSessions(db: Conn, userIds: number[], since: Date): Promise<SharedSession[]> {
  if (userIds.length === 0) return [];
  const mine = isAnyOf(sql.raw('a.user_id'), userIds);
  return queryRows<SharedSession>(
    db,
    sql`SELECT DISTINCT a.user_id::float8 AS "userId", b.user_id::float8 AS "otherId", 'device' AS reason
          FROM sessions a JOIN sessions b ON b.device_id = a.device_id AND b.user_id <> a.user_id
         WHERE ${mine} AND a.device_id IS NOT NULL
        UNION
        SELECT DISTINCT a.user_id::float8, b.user_id::float8, 'address'
          FROM sessions a JOIN sessions b ON b.ip = a.ip AND b.user_id <> a.user_id AND b.created_at >= ${since.toISOString()}::timestamptz
         WHERE ${mine} AND a.created_at >= ${since.toISOString()}::timestamptz AND a.ip IS NOT NULL AND ${notLoopback(sql.raw('a.ip'))}`,
  );
}
