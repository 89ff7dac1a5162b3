import { and, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { newCommitment } from '../../platform/fair.js';
import { sealInPlace, type SecretBox } from '../../platform/secret-box.js';
import { localDate } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { wheelDays } from './tables.js';

/*
 * The wheel's seeds (provably fair, platform/fair.ts), one per player and day: with one seed for
 * everyone, another account repeating a winner's client seed at the same nonce would draw the
 * same prize. A player's day seed is made the first time that day is needed and committed (its
 * hash shown) before any draw on it; the seed itself is shown only once the day has ended in
 * the site's time zone. It is stored sealed (secret-box.ts), so a copy of the database predicts
 * no draw; the reveal is a date passing, so the views open it.
 */

export type WheelDay = typeof wheelDays.$inferSelect;
/** What reads and writes the seeds: the database and the box they are sealed in. */
export type SeedAccess = Pick<AppContext, 'db' | 'secrets'>;

const seedContext = (day: Pick<WheelDay, 'userId' | 'date'>) => `wheel_days.server_seed:${day.userId}:${day.date}`;

/**
 * The player's seed of the day, made now if there is none (call it outside the draw's
 * transaction, so it is committed first).
 */
export async function committedDay(ctx: SeedAccess, userId: number, date: string, now: Date): Promise<WheelDay> {
  const find = async () => {
    const [day] = await ctx.db
      .select()
      .from(wheelDays)
      .where(and(eq(wheelDays.userId, userId), eq(wheelDays.date, date)));
    return day;
  };
  const found = await find();
  if (found) return found;
  // The first need of the day; two at once make one (the other's insert does nothing).
  const { serverSeed, seedHash } = newCommitment();
  await ctx.db
    .insert(wheelDays)
    .values({
      userId,
      date,
      serverSeed: ctx.secrets.seal(serverSeed, seedContext({ userId, date })),
      seedHash,
      createdAt: now,
    })
    .onConflictDoNothing();
  return (await find())!;
}

/** The day's seed itself. */
export const daySeed = (secrets: SecretBox, day: WheelDay): string => secrets.open(day.serverSeed, seedContext(day));

/** The day's seed if the day has ended by `today` (dates YYYY-MM-DD compare as text), else null. */
export const revealedSeed = (secrets: SecretBox, day: WheelDay, today: string): string | null =>
  day.date < today ? daySeed(secrets, day) : null;

/**
 * Run at start: seals the seeds of days not yet ended that were stored before seeds were sealed,
 * and opens the sealed ones, so a wrong key stops the start (SecretsKeyMismatch). Those of ended
 * days are public already and stay as they are (the views show either).
 */
export async function sealDaySeeds(ctx: SeedAccess, now: Date): Promise<void> {
  const today = localDate(now, (await getSysConfig(ctx.db)).timeZone);
  await sealInPlace(ctx.secrets, await ctx.db.select().from(wheelDays).where(gte(wheelDays.date, today)), {
    value: (day) => day.serverSeed,
    context: seedContext,
    store: (day, serverSeed) =>
      ctx.db
        .update(wheelDays)
        .set({ serverSeed })
        .where(
          and(eq(wheelDays.userId, day.userId), eq(wheelDays.date, day.date), eq(wheelDays.serverSeed, day.serverSeed)),
        ),
  });
}
