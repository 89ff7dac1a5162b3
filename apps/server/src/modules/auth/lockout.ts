import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { loginFailures } from './tables.js';

export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/**
 * What failures are counted under: the account's id once the name finds one (every spelling of
 * it counts together), else the normalised name tried.
 */
export const lockoutKey = (user: { id: number } | undefined, normalizedName: string) =>
  user ? `#${user.id}` : normalizedName;

/** Arbitrary constant: first key of the per-key advisory lock that serialises login attempts. */
const LOGIN_LOCK_SPACE = 3_401;

/** Holds the key's lock until the caller's transaction ends: one attempt per key at a time. */
export async function serializeAttempts(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}, hashtext(${key}))`);
}

/** Seconds until the key may try again, or 0 when fewer than 5 failures fall in the window. */
export async function lockedFor(db: Conn, key: string, now: Date): Promise<number> {
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key), gt(loginFailures.at, windowStart(now))))
    .orderBy(desc(loginFailures.at))
    .limit(MAX_FAILURES);
  const oldest = recent[MAX_FAILURES - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.at.getTime() + LOCK_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordFailure(db: Conn, key: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username: key, at: now });
}

export async function clearFailures(db: Conn, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key));
}

const windowStart = (now: Date) => new Date(now.getTime() - LOCK_WINDOW_MS);
