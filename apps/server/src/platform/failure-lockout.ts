import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
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
    .limit(max);
  const oldest = recent[max - 1]?.at as Date | undefined;
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
}

/** A table of wrong attempts: the key tried (a normalised name) and when. */
type FailureTable = PgTable & { username: PgColumn; at: PgColumn };

/**
 * The lockout of a login (players', operators'): failures recorded per key in `table`, attempts
 * on one key serialised by an advisory lock in `lockSpace` (a constant of its own per login).
 */
export function failureLockout(table: FailureTable, lockSpace: number) {
  return {
    /** Holds the key's lock until the caller's transaction ends: one attempt per key at a time. */
    async serializeAttempts(tx: Tx, key: string): Promise<void> {
      await lockKey(tx, lockSpace, key);
    },

    /** Seconds until the key may try again, or 0 when fewer than MAX_FAILURES fall in the window. */
    lockedFor(db: Conn, key: string, now: Date): Promise<number> {
      return windowRetryAfter(db, table.at, eq(table.username, key), MAX_FAILURES, LOCK_WINDOW_MS, now);
    },

    async recordFailure(db: Conn, key: string, now: Date): Promise<void> {
      await db.insert(table).values({ username: key, at: now } as never);
    },

    async clearFailures(db: Conn, key: string): Promise<void> {
      await db.delete(table).where(eq(table.username, key));
    },
  };
}
