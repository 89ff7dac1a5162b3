import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { newCommitment } from '../../platform/fair.js';
import { wheelDays } from './tables.js';

/*
 * The wheel's seeds (provably fair, platform/fair.ts), one per player and day: with one seed for
 * everyone, another account repeating a winner's client seed at the same nonce would draw the
 * same prize. A player's day seed is made the first time that day is needed and committed (its
 * hash shown) before any draw on it; the seed itself is shown only once the day has ended in
 * the site's time zone.
 */

export type WheelDay = typeof wheelDays.$inferSelect;

/**
 * The player's seed of the day, made now if there is none (call it outside the draw's
 * transaction, so it is committed first).
 */
export async function committedDay(db: Conn, userId: number, date: string, now: Date): Promise<WheelDay> {
  const find = async () => {
    const [day] = await db
      .select()
      .from(wheelDays)
      .where(and(eq(wheelDays.userId, userId), eq(wheelDays.date, date)));
    return day;
  };
  const found = await find();
  if (found) return found;
  // The first need of the day; two at once make one (the other's insert does nothing).
  await db
    .insert(wheelDays)
    .values({ userId, date, ...newCommitment(), createdAt: now })
    .onConflictDoNothing();
  return (await find())!;
}

/** The day's seed if the day has ended by `today` (dates YYYY-MM-DD compare as text), else null. */
export const revealedSeed = (day: WheelDay, today: string): string | null => (day.date < today ? day.serverSeed : null);
