import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { operatorLoginFailures } from './tables.js';

/** Five wrong passwords or codes for one name within 15 minutes lock it until the window passes. */
export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/** Arbitrary constant (the players' lockout uses 3401): first key of the per-name advisory lock. */
const OPERATOR_LOGIN_LOCK_SPACE = 3_402;

/** Holds the name's lock until the caller's transaction ends: one attempt per name at a time. */
export async function serializeAttempts(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OPERATOR_LOGIN_LOCK_SPACE}, hashtext(${key}))`);
}

/** Seconds until the name may try again, or 0 when fewer than 5 failures fall in the window. */
export async function lockedFor(db: Conn, key: string, now: Date): Promise<number> {
  const recent = await db
    .select({ at: operatorLoginFailures.at })
    .from(operatorLoginFailures)
    .where(
      and(
        eq(operatorLoginFailures.username, key),
        gt(operatorLoginFailures.at, new Date(now.getTime() - LOCK_WINDOW_MS)),
      ),
    )
    .orderBy(desc(operatorLoginFailures.at))
    .limit(MAX_FAILURES);
  const oldest = recent[MAX_FAILURES - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.at.getTime() + LOCK_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordFailure(db: Conn, key: string, now: Date): Promise<void> {
  await db.insert(operatorLoginFailures).values({ username: key, at: now });
}

export async function clearFailures(db: Conn, key: string): Promise<void> {
  await db.delete(operatorLoginFailures).where(eq(operatorLoginFailures.username, key));
}
