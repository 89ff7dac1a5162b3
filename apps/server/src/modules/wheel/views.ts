import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { rewards, type Lang, type PageRequest } from '@breakshot/contracts';
import { maskLogin } from '../../platform/masking.js';
import { pageOf } from '../../platform/paging.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { addDays, localDate } from '../../platform/time-range.js';
import { usernamesOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { committedDay, daySeed, revealedSeed, type SeedAccess, type WheelDay } from './days.js';
import { labelOf, prizesOf } from './prizes.js';
import { wheelDays, wheelDraws, wheelSpins, type WheelDrawRow } from './tables.js';

/** Spins every player has each day before deposits add any. */
export const FREE_SPINS = 1;
const WINNERS = 20;

/** A draw with its day's commitment; the seed only once that day has ended (before `today`). */
export function drawView(
  secrets: SecretBox,
  d: WheelDrawRow,
  day: WheelDay,
  today: string,
  lang: Lang,
): rewards.SpinDraw {
  return {
    id: d.id,
    prizeIndex: d.prizeIndex,
    label: labelOf(d, lang),
    amount: d.amount,
    rewardId: d.rewardId,
    date: d.date,
    seedHash: day.seedHash,
    serverSeed: revealedSeed(secrets, day, today),
    clientSeed: d.clientSeed,
    nonce: d.nonce,
    weights: d.weights,
    createdAt: d.createdAt.toISOString(),
  };
}

/** The wheel page: today's spins, the prizes, the player's commitment of today and seed of yesterday, recent winners. */
export async function spinInfo(ctx: SeedAccess, userId: number, lang: Lang, now: Date) {
  const { db } = ctx;
  const { timeZone } = await getSysConfig(db);
  const today = localDate(now, timeZone);
  const [day, [yesterday], [spins], prizes, winners] = await Promise.all([
    committedDay(ctx, userId, today, now),
    db
      .select()
      .from(wheelDays)
      .where(and(eq(wheelDays.userId, userId), eq(wheelDays.date, addDays(today, -1)))),
    db
      .select()
      .from(wheelSpins)
      .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.date, today))),
    prizesOf(db),
    db.select().from(wheelDraws).where(gt(wheelDraws.amount, 0)).orderBy(desc(wheelDraws.id)).limit(WINNERS),
  ]);
  const fromDeposits = spins?.fromDeposits ?? 0;
  const used = spins?.used ?? 0;
  const names = await usernamesOf(
    db,
    winners.map((w) => w.userId),
  );
  return {
    date: today,
    spinsLeft: FREE_SPINS + fromDeposits - used,
    free: FREE_SPINS,
    fromDeposits,
    used,
    depositMin: rewards.SPIN_DEPOSIT_MIN,
    depositMax: rewards.SPIN_DEPOSIT_MAX,
    prizes: prizes.map((p) => ({ index: p.index, label: labelOf(p, lang), amount: p.amount })),
    today: { date: today, seedHash: day.seedHash },
    yesterday: yesterday
      ? { date: yesterday.date, seedHash: yesterday.seedHash, serverSeed: daySeed(ctx.secrets, yesterday) }
      : null,
    winners: winners.map((w) => ({
      username: maskLogin(names.get(w.userId) ?? ''),
      label: labelOf(w, lang),
      amount: w.amount,
      at: w.createdAt.toISOString(),
    })),
  };
}

/** The player's draws, newest first, each with what checks it once its day has ended. */
export async function spinRecords(ctx: SeedAccess, userId: number, input: PageRequest, lang: Lang, now: Date) {
  const { db } = ctx;
  const today = localDate(now, (await getSysConfig(db)).timeZone);
  const where = eq(wheelDraws.userId, userId);
  const page = await pageOf(
    input,
    (limit, offset) =>
      db.select().from(wheelDraws).where(where).orderBy(desc(wheelDraws.id)).limit(limit).offset(offset),
    () => db.$count(wheelDraws, where),
  );
  const dates = [...new Set(page.list.map((d) => d.date))];
  const days =
    dates.length === 0
      ? []
      : await db
          .select()
          .from(wheelDays)
          .where(and(eq(wheelDays.userId, userId), inArray(wheelDays.date, dates)));
  const byDate = new Map(days.map((d) => [d.date, d]));
  return { ...page, list: page.list.map((d) => drawView(ctx.secrets, d, byDate.get(d.date)!, today, lang)) };
}
