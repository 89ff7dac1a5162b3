import { and, asc, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { PageRequest, rewards as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { preparedStatement } from '../../platform/prepared.js';
import { addDays, localDate, localDayStart, withinTimeRange } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { grantReward } from './grants.js';
import { rewards, taskDays, taskTiers } from './tables.js';
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

/** A settled bet's valid bet, for its day's task. */
export interface TaskBet {
  userId: number;
  validBet: number;
  settledAt: Date;
  /** How many settled bets `validBet` sums (a player's bets settled together, named by the first); 1 if not given. */
  bets?: number;
  reference: { table: string; id: string | number };
}

/**
 * Adds settled bets' valid bets to their days once per reference (a repeat changes nothing) and
 * grants each enabled tier a day's total has reached and that has no reward yet (a tier the
 * operator added below today's total too). Call it in the settling transaction.
 */
export async function countTaskBets(tx: Tx, ctx: AppContext, taskBetsIn: TaskBet[]): Promise<void> {
  const counted = taskBetsIn.filter((e) => e.validBet > 0);
  if (counted.length === 0) return;
  const { timeZone, currencySymbol } = await getSysConfig(tx);
  const days = await addToDays(tx, counted, timeZone, addTaskBets);
  const expiresAt = (date: string) => localDayStart(addDays(date, 2), timeZone);
  await grantReached(tx, ctx, days, { currencySymbol, expiresAt });
}

/** countTaskBets of one bet. */
export const countTaskBet = (tx: Tx, ctx: AppContext, e: TaskBet) => countTaskBets(tx, ctx, [e]);

/**
 * A result correction's changes of settled bets' valid bets (+ grown, − shrunk), each on the day
 * its bet was first settled, as one settlement with the final result would have counted it
 * (docs/design.md §9, "Result corrections"). A day grown past a tier is granted it, claimable
 * until the end of the day after the correction at the earliest; a day shrunk below a tier ends
 * that tier's reward there if it is still unclaimed (shown as expired); one claimed stands, as
 * wagering done stays done.
 */
export async function recountTaskBets(tx: Tx, ctx: AppContext, changes: TaskBet[]): Promise<void> {
  const changed = changes.filter((e) => e.validBet !== 0);
  if (changed.length === 0) return;
  const { timeZone, currencySymbol } = await getSysConfig(tx);
  const now = ctx.now();
  const days = await addToDays(tx, changed, timeZone, changeTaskBets);
  const afterCorrection = localDayStart(addDays(localDate(now, timeZone), 2), timeZone);
  const expiresAt = (date: string) =>
    new Date(Math.max(localDayStart(addDays(date, 2), timeZone).getTime(), afterCorrection.getTime()));
  await reopenReached(tx, days, expiresAt);
  await grantReached(tx, ctx, days, { currencySymbol, expiresAt });
  await endUnreached(tx, days, now);
}

interface TaskDay {
  userId: number;
  date: string;
  /** The day's total after. */
  validBet: number;
  /** What this call added to it (+ or −). */
  added: number;
}

/** Bets' valid bets (or their changes) added to their days once per reference: those days' totals after. */
async function addToDays(
  tx: Tx,
  counted: TaskBet[],
  timeZone: string,
  statement: typeof addTaskBets,
): Promise<TaskDay[]> {
  // A batch's bets share their time: the zone's date of each time once.
  const dates = new Map<number, string>();
  const dateOf = (at: Date) => {
    let date = dates.get(at.getTime());
    if (date === undefined) dates.set(at.getTime(), (date = localDate(at, timeZone)));
    return date;
  };
  const rows = counted.map((e) => ({
    user_id: e.userId,
    date: dateOf(e.settledAt),
    valid_bet: e.validBet,
    bets: e.bets ?? 1,
    ref_table: e.reference.table,
    ref_id: String(e.reference.id),
  }));
  const days = await statement(tx, { rows: JSON.stringify(rows) });
  const added = new Map<string, number>();
  for (const r of rows) added.set(`${r.user_id}:${r.date}`, (added.get(`${r.user_id}:${r.date}`) ?? 0) + r.valid_bet);
  return days.map((d) => ({
    userId: Number(d.user_id),
    date: d.date,
    validBet: Number(d.valid_bet),
    added: added.get(`${d.user_id}:${d.date}`) ?? 0,
  }));
}

/** Each enabled tier these days' totals reach and that has no reward yet, granted. */
async function grantReached(
  tx: Tx,
  ctx: AppContext,
  days: TaskDay[],
  grant: { currencySymbol: string; expiresAt: (date: string) => Date },
): Promise<void> {
  if (days.length === 0) return;
  const tiers = await enabledTiers(tx);
  const due = days.flatMap((d) =>
    tiers
      .filter((tier) => tier.validBet <= d.validBet)
      .map((tier) => ({ ...d, tier, key: taskKey(d.userId, d.date, tier.id) })),
  );
  if (due.length === 0) return;
  // Most were granted by an earlier bet of the day: one read spares their inserts.
  const keys = due.map((d) => d.key);
  const granted = new Set(
    (await tx.select({ key: rewards.grantKey }).from(rewards).where(inArray(rewards.grantKey, keys))).map((r) => r.key),
  );
  for (const { userId, date, tier, key } of due.filter((d) => !granted.has(d.key))) {
    await grantReward(tx, ctx, {
      userId,
      source: 'task',
      amount: tier.amount,
      turnoverMultiple: tier.turnoverMultiple,
      expiresAt: grant.expiresAt(date),
      key,
      title: rewardTitles.task(tier.validBet, grant.currencySymbol),
    });
  }
}

/**
 * The rewards an earlier correction ended (status expired) of the tiers these days reach again:
 * waiting again until `expiresAt`. A tier a day had reached before this change is left as it is
 * (expired in its time or not).
 */
async function reopenReached(tx: Tx, days: TaskDay[], expiresAt: (date: string) => Date) {
  const tiers = await enabledTiers(tx);
  for (const day of days) {
    const before = day.validBet - day.added;
    const keys = tiers
      .filter((tier) => tier.validBet > before && tier.validBet <= day.validBet)
      .map((tier) => taskKey(day.userId, day.date, tier.id));
    if (keys.length === 0) continue;
    await tx
      .update(rewards)
      .set({ status: 'unclaimed', expiresAt: expiresAt(day.date) })
      .where(and(inArray(rewards.grantKey, keys), eq(rewards.status, 'expired')));
  }
}

/** The unclaimed rewards of tiers these days' totals no longer reach, ended now. */
async function endUnreached(tx: Tx, days: TaskDay[], now: Date): Promise<void> {
  const tiers = await tx.select().from(taskTiers).orderBy(asc(taskTiers.validBet));
  const keys = days.flatMap((d) =>
    tiers.filter((tier) => tier.validBet > d.validBet).map((tier) => taskKey(d.userId, d.date, tier.id)),
  );
  if (keys.length === 0) return;
  await tx
    .update(rewards)
    .set({ status: 'expired', expiresAt: now })
    .where(and(inArray(rewards.grantKey, keys), eq(rewards.status, 'unclaimed')));
}

const enabledTiers = (db: Conn) =>
  db.select().from(taskTiers).where(eq(taskTiers.enabled, true)).orderBy(asc(taskTiers.validBet));

/** Each bet (or change) once per reference: the new ones. */
const recordTaskBets = sql`INSERT INTO task_bets (reference_table, reference_id, user_id, date, valid_bet, bets)
  SELECT r.ref_table, r.ref_id, r.user_id, r.date, r.valid_bet, r.bets
  FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
    AS r(user_id bigint, date date, valid_bet bigint, bets int, ref_table text, ref_id text)
  ON CONFLICT DO NOTHING
  RETURNING user_id, date, valid_bet`;

type DayRow = { user_id: string | number; date: string; valid_bet: string | number };

/** countTaskBets' statement: the new bets summed into their (player, day) rows, taken in that order; those days' totals after. */
const addTaskBets = preparedStatement<DayRow>(
  'rewards_add_task_bets',
  sql`WITH recorded AS (${recordTaskBets})
      INSERT INTO task_days AS d (user_id, date, valid_bet)
      SELECT user_id, date, sum(valid_bet) FROM recorded GROUP BY user_id, date ORDER BY user_id, date
      ON CONFLICT (user_id, date) DO UPDATE SET valid_bet = d.valid_bet + excluded.valid_bet
      RETURNING user_id, to_char(date, 'YYYY-MM-DD') AS date, valid_bet`,
);

/**
 * recountTaskBets' statement: as addTaskBets, of changes + or −. A day never goes below 0 (a
 * correction takes back only what its bet's day counted), and a row's CHECK holds for the
 * proposed insert too, so the change is read again where the row exists.
 */
const changeTaskBets = preparedStatement<DayRow>(
  'rewards_change_task_bets',
  sql`WITH recorded AS (${recordTaskBets}),
      changes AS (SELECT user_id, date, sum(valid_bet) AS change FROM recorded GROUP BY user_id, date)
      INSERT INTO task_days AS d (user_id, date, valid_bet)
      SELECT user_id, date, greatest(0, change) FROM changes ORDER BY user_id, date
      ON CONFLICT (user_id, date) DO UPDATE SET valid_bet = greatest(0, d.valid_bet +
        (SELECT c.change FROM changes c WHERE c.user_id = d.user_id AND c.date = d.date))
      RETURNING user_id, to_char(date, 'YYYY-MM-DD') AS date, valid_bet`,
);

/** Today's valid bet and each enabled tier with the state of its reward (everydayGameReward). */
export async function todaysTask(db: Conn, userId: number, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const date = localDate(now, timeZone);
  const [day, tiers] = await Promise.all([
    db
      .select({ validBet: taskDays.validBet })
      .from(taskDays)
      .where(and(eq(taskDays.userId, userId), eq(taskDays.date, date))),
    enabledTiers(db),
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
