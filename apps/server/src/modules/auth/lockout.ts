import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { loginFailures } from './tables.js';

export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/** Seconds until the username may try again, or 0 when fewer than 5 failures fall in the window. */
export async function lockedFor(db: Db, username: string, now: Date): Promise<number> {
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username.toLowerCase()), gt(loginFailures.at, windowStart(now))))
    .orderBy(desc(loginFailures.at))
    .limit(MAX_FAILURES);
  const oldest = recent[MAX_FAILURES - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.at.getTime() + LOCK_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordFailure(db: Db, username: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username: username.toLowerCase(), at: now });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}

const windowStart = (now: Date) => new Date(now.getTime() - LOCK_WINDOW_MS);
