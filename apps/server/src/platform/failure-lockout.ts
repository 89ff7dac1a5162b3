import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { lockKey, type Conn, type Tx } from './db.js';

/** Five wrong attempts for one key within 15 minutes lock it until the window passes. */
export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/**
 * Seconds until `scope` may have another event when at most `max` of its rows (timestamped by
 * `at`) may fall within `windowMs`: when the oldest of its newest `max` leaves the window; 0 while
 * fewer than `max` fall in it.
 */
export async function windowRetryAfter(
  db: Conn,
  at: PgColumn,
  scope: SQL,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const recent = await db
    .select({ at })
    .from(at.table)
    .where(and(scope, gt(at, new Date(now.getTime() - windowMs))))
    .orderBy(desc(at))
    .limit(max)
    .execute(); // sent when called (db.ts, together())
  return retryAfterOf(
    recent.map((r) => r.at as Date),
    max,
    windowMs,
    now,
  );
}

/** windowRetryAfter of the events' times already read (those within the window, any order). */
export function retryAfterOf(times: Date[], max: number, windowMs: number, now: Date): number {
  const newest = times.map((t) => t.getTime()).sort((a, b) => b - a);
  const oldest = newest[max - 1];
  if (oldest === undefined) return 0;
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
}

/** A table of wrong attempts: the key tried (a normalised name), the client (ipKey) and when. */
type FailureTable = PgTable & { username: PgColumn; client: PgColumn; at: PgColumn };

/** A key's failures within the window, from every client. */
export interface RecentFailures {
  count: number;
  /** The newest one's time and client; null when there is none. */
  last: { at: Date; client: string } | null;
}

/**
 * The lockout of a login (players', operators'): failures recorded per key and client in
 * `table`, attempts on one key serialised by an advisory lock in `lockSpace` (a constant of its
 * own per login). MAX_FAILURES of one client within the window lock that client out of the key,
 * not the key: whoever else tries it meets the login's step-up instead (docs/security.md).
 */
export function failureLockout(table: FailureTable, lockSpace: number) {
  const ofClient = (key: string, client: string) => and(eq(table.username, key), eq(table.client, client));
  return {
    /** Holds the key's lock until the caller's transaction ends: one attempt per key at a time. */
    async serializeAttempts(tx: Tx, key: string): Promise<void> {
      await lockKey(tx, lockSpace, key);
    },

    /** Seconds until `client` may try the key again, or 0 while fewer than MAX_FAILURES of its own fall in the window. */
    lockedFor(db: Conn, key: string, client: string, now: Date): Promise<number> {
      return windowRetryAfter(db, table.at, ofClient(key, client)!, MAX_FAILURES, LOCK_WINDOW_MS, now);
    },

    async recentFailures(db: Conn, key: string, now: Date): Promise<RecentFailures> {
      const [newest] = await db
        .select({ at: table.at, client: table.client, count: sql<number>`(count(*) OVER ())::int` })
        .from(table)
        .where(and(eq(table.username, key), gt(table.at, new Date(now.getTime() - LOCK_WINDOW_MS))))
        .orderBy(desc(table.at))
        .limit(1);
      if (!newest) return { count: 0, last: null };
      return { count: newest.count, last: { at: newest.at as Date, client: newest.client as string } };
    },

    /** Records a failure; the key's failures older than the window go (nothing reads them). */
    async recordFailure(db: Conn, key: string, client: string, now: Date): Promise<void> {
      await db
        .delete(table)
        .where(and(eq(table.username, key), lte(table.at, new Date(now.getTime() - LOCK_WINDOW_MS))));
      await db.insert(table).values({ username: key, client, at: now } as never);
    },

    /** Ends `client`'s failures on the key (its right password), or every client's (a new password). */
    async clearFailures(db: Conn, key: string, client?: string): Promise<void> {
      await db.delete(table).where(client === undefined ? eq(table.username, key) : ofClient(key, client));
    },
  };
}
