import { and, asc, desc, eq, inArray, lte, sql, sum } from 'drizzle-orm';
import type { PageRequest, rewards as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { addDays, localDate, localDayStart, withinTimeRange } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { grantReward } from './grants.js';
import { rewards, taskBets, taskDays, taskTiers } from './tables.js';
import { rewardTitles } from './titles.js';
import { statusAt } from './view.js';

/*
 * The daily betting task (/user/lingjiang 每日任务): a player's valid bet of the day (site time
 * zone) reaching a tier's threshold grants that tier's reward, once a day, waiting in 领奖 until
 * the end of the next day. The reward's key is task:<user>:<date>:<tierId>.
 */

const taskKey = (userId: number, date: string, tierId: number) => `task:${userId}:${date}:${tierId}`;
/** The date and tier a task reward's key names. */
function ofTaskKey(key: string): { date: string; tierId: number } {
  const [, , date = '', tierId] = key.split(':');
  return { date, tierId: Number(tierId) };
}

/**
 * Adds a settled bet's valid bet to its day once per reference (a repeat changes nothing) and
 * grants each enabled tier the day's total has reached and that has no reward yet (a tier the
 * operator added below today's total too). Call it in the settling transaction.
 */
export async function countTaskBet(
  tx: Tx,
  ctx: AppContext,
  e: { userId: number; validBet: number; settledAt: Date; reference: { table: string; id: string | number } },
): Promise<void> {
  if (e.validBet <= 0) return;
  const { timeZone, currencySymbol } = await getSysConfig(tx);
  const date = localDate(e.settledAt, timeZone);
  const counted = await tx
    .insert(taskBets)
    .values({
      referenceTable: e.reference.table,
      referenceId: String(e.reference.id),
      userId: e.userId,
      date,
      validBet: e.validBet,
    })
    .onConflictDoNothing()
    .returning({ date: taskBets.date });
  if (counted.length === 0) return;
  const [day] = await tx
    .insert(taskDays)
    .values({ userId: e.userId, date, validBet: e.validBet })
    .onConflictDoUpdate({
      target: [taskDays.userId, taskDays.date],
      set: { validBet: sql`${taskDays.validBet} + excluded.valid_bet` },
    })
    .returning({ validBet: taskDays.validBet });
  const total = day!.validBet;
  const reached = await tx
    .select()
    .from(taskTiers)
    .where(and(eq(taskTiers.enabled, true), lte(taskTiers.validBet, total)))
    .orderBy(asc(taskTiers.validBet));
  const expiresAt = localDayStart(addDays(date, 2), timeZone);
  for (const tier of reached) {
    await grantReward(tx, ctx, {
      userId: e.userId,
      source: 'task',
      amount: tier.amount,
      turnoverMultiple: tier.turnoverMultiple,
      expiresAt,
      key: taskKey(e.userId, date, tier.id),
      title: rewardTitles.task(tier.validBet, currencySymbol),
    });
  }
}

/** Today's valid bet and each enabled tier with the state of its reward (everydayGameReward). */
export async function todaysTask(db: Conn, userId: number, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const date = localDate(now, timeZone);
  const [day, tiers] = await Promise.all([
    db
      .select({ validBet: taskDays.validBet })
      .from(taskDays)
      .where(and(eq(taskDays.userId, userId), eq(taskDays.date, date))),
    db.select().from(taskTiers).where(eq(taskTiers.enabled, true)).orderBy(asc(taskTiers.validBet)),
  ]);
  const keys = tiers.map((t) => taskKey(userId, date, t.id));
  const granted = keys.length === 0 ? [] : await db.select().from(rewards).where(inArray(rewards.grantKey, keys));
  const byKey = new Map(granted.map((r) => [r.grantKey, r]));
  return {
    date,
    validBet: day[0]?.validBet ?? 0,
    tiers: tiers.map((t): contract.TaskTier => {
      const reward = byKey.get(taskKey(userId, date, t.id));
      const state = reward ? statusAt(reward, now) : null;
      return {
        id: t.id,
        validBet: t.validBet,
        amount: t.amount,
        turnoverMultiple: t.turnoverMultiple,
        status: state === null ? 'locked' : state === 'unclaimed' ? 'granted' : state,
        rewardId: reward?.id ?? null,
      };
    }),
    endsAt: localDayStart(addDays(date, 1), timeZone).toISOString(),
  };
}

/** The player's task rewards, newest first, within the time range (gameRewardRecord). */
export async function taskRecords(
  db: Conn,
  userId: number,
  input: PageRequest & { from?: string | undefined; to?: string | undefined },
  now: Date,
) {
  const where = and(
    eq(rewards.userId, userId),
    eq(rewards.source, 'task'),
    ...withinTimeRange(rewards.createdAt, input),
  );
  const [page, [totals]] = await Promise.all([
    pageOf(
      input,
      (limit, offset) => db.select().from(rewards).where(where).orderBy(desc(rewards.id)).limit(limit).offset(offset),
      () => db.$count(rewards, where),
    ),
    db
      .select({ total: sum(rewards.amount).mapWith(Number) })
      .from(rewards)
      .where(where),
  ]);
  const keyed = page.list.map((r) => ({ r, ...ofTaskKey(r.grantKey) }));
  const tierIds = [...new Set(keyed.map((k) => k.tierId))];
  const tiers = tierIds.length === 0 ? [] : await db.select().from(taskTiers).where(inArray(taskTiers.id, tierIds));
  const thresholds = new Map(tiers.map((t) => [t.id, t.validBet]));
  return {
    ...page,
    list: keyed.map(({ r, date, tierId }) => ({
      date,
      validBet: thresholds.get(tierId) ?? 0,
      amount: r.amount,
      rewardId: r.id,
      status: statusAt(r, now),
      createdAt: r.createdAt.toISOString(),
    })),
    totalAmount: totals?.total ?? 0,
  };
}
