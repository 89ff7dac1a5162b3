import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn, Tx } from './db.js';

/** Five wrong attempts for one key within 15 minutes lock it until the window passes. */
export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

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
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockSpace}, hashtext(${key}))`);
    },

    /** Seconds until the key may try again, or 0 when fewer than MAX_FAILURES fall in the window. */
    async lockedFor(db: Conn, key: string, now: Date): Promise<number> {
      const recent = await db
        .select({ at: table.at })
        .from(table)
        .where(and(eq(table.username, key), gt(table.at, new Date(now.getTime() - LOCK_WINDOW_MS))))
        .orderBy(desc(table.at))
        .limit(MAX_FAILURES);
      const oldest = recent[MAX_FAILURES - 1]?.at as Date | undefined;
      if (!oldest) return 0;
      return Math.max(1, Math.ceil((oldest.getTime() + LOCK_WINDOW_MS - now.getTime()) / 1000));
    },

    async recordFailure(db: Conn, key: string, now: Date): Promise<void> {
      await db.insert(table).values({ username: key, at: now } as never);
    },

    async clearFailures(db: Conn, key: string): Promise<void> {
      await db.delete(table).where(eq(table.username, key));
    },
  };
}
