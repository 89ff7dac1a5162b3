import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { ErrorCode, formatMoney, limits, type ServerErrorKey } from '@breakshot/contracts';
import { inTransaction, lockKey, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { depositedInPeriods } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { recordLimitChange } from './history.js';
import { depositLimits, playerLimits } from './tables.js';
import { localDateTime } from '../../platform/time-range.js';

/*
 * Responsible gaming (docs/design.md §8): deposit limits, self-exclusion and the reality reminder.
 * Debits check these (login, deposits, bets); credits never do.
 */

type Period = limits.LimitPeriod;
export { limitTimeline } from './history.js';

const { limitPeriods, LIMIT_INCREASE_DELAY_MS } = limits;
const DAY_MS = 24 * 60 * 60 * 1000;

type LimitRow = typeof depositLimits.$inferSelect;

/** The limit in force at `now`: a pending change whose time has come replaces the stored one. */
function inForce(row: LimitRow | undefined, now: Date): { amount: number | null; pending: LimitRow['pendingFrom'] } {
  if (!row) return { amount: null, pending: null };
  if (row.pendingFrom && row.pendingFrom <= now) return { amount: row.pendingAmount, pending: null };
  return { amount: row.amount, pending: row.pendingFrom };
}

async function limitRows(db: Conn, userId: number): Promise<Map<Period, LimitRow>> {
  const rows = await db.select().from(depositLimits).where(eq(depositLimits.userId, userId));
  return new Map(rows.map((r) => [r.period, r]));
}

/** The deposit limits in force now, by period (periods without one are left out). */
async function depositLimitsInForce(db: Conn, userId: number, now: Date): Promise<Map<Period, number>> {
  const rows = await limitRows(db, userId);
  const result = new Map<Period, number>();
  for (const period of limitPeriods) {
    const { amount } = inForce(rows.get(period), now);
    if (amount !== null) result.set(period, amount);
  }
  return result;
}

const LIMIT_ERROR: Record<Period, ServerErrorKey> = {
  day: 'depositLimitDay',
  week: 'depositLimitWeek',
  month: 'depositLimitMonth',
};

/**
 * Refuses (422, saying what is left for which period) a deposit of `amount` that would put a
 * period's deposits over its limit; `used` is what already counts in each period.
 */
function checkDepositLimits(inForceNow: Map<Period, number>, used: Record<Period, number>, amount: number) {
  for (const period of limitPeriods) {
    const limit = inForceNow.get(period);
    if (limit === undefined || used[period] + amount <= limit) continue;
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      LIMIT_ERROR[period],
      { limit: formatMoney(limit), left: formatMoney(Math.max(0, limit - used[period])) },
      { field: 'amount' },
    );
  }
}

/**
 * A deposit order about to be made (deposit.requesting, under the player's deposit lock): refused
 * when it would cross a deposit limit in force, counting this period's pending and paid orders.
 */
export async function refuseDepositOverLimits(tx: Tx, d: { userId: number; amount: number; at: Date }) {
  const inForceNow = await depositLimitsInForce(tx, d.userId, d.at);
  if (inForceNow.size === 0) return;
  const { timeZone } = await getSysConfig(tx);
  checkDepositLimits(inForceNow, await depositedInPeriods(tx, d.userId, d.at, timeZone), d.amount);
}

/**
 * Stores the deposit limits as wanted (a period left out: none). A first limit or a decrease
 * applies at once and drops any pending change; an increase or a removal waits 24 hours; asking
 * for the limit in force drops a pending change.
 */
export function setDepositLimits(db: Db, userId: number, wanted: Partial<Record<Period, number>>, now: Date) {
  return inTransaction(db, async (tx) => {
    // Locked, so two changes at once do not both read the old limit.
    await lockKey(tx, LIMITS_LOCK, userId);
    const rows = await limitRows(tx, userId);
    for (const period of limitPeriods) {
      const current = inForce(rows.get(period), now).amount;
      const next = wanted[period] ?? null;
      const atOnce = next !== null && (current === null || next <= current);
      const values =
        atOnce || next === current
          ? { amount: next, pendingAmount: null, pendingFrom: null, updatedAt: now }
          : {
              amount: current,
              pendingAmount: next,
              pendingFrom: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
              updatedAt: now,
            };
      await tx
        .insert(depositLimits)
        .values({ userId, period, ...values })
        .onConflictDoUpdate({ target: [depositLimits.userId, depositLimits.period], set: values });
    }
    const amounts = { day: wanted.day ?? null, week: wanted.week ?? null, month: wanted.month ?? null };
    await recordLimitChange(tx, userId, { limit: 'deposit', amounts }, now);
  });
}

/** Arbitrary constant: first key of the per-player advisory lock of limit changes. */
const LIMITS_LOCK = 3_417;

async function playerRow(db: Conn, userId: number) {
  const [row] = await db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
  return row;
}

async function upsertPlayerLimits(
  db: Conn,
  userId: number,
  values: Partial<typeof playerLimits.$inferInsert>,
  now: Date,
) {
  await db
    .insert(playerLimits)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: playerLimits.userId, set: { ...values, updatedAt: now } });
}

/** The reality reminder's interval; 0 turns it off. */
export function setReminder(db: Db, userId: number, minutes: number, now: Date): Promise<void> {
  return inTransaction(db, async (tx) => {
    await upsertPlayerLimits(tx, userId, { reminderMinutes: minutes === 0 ? null : minutes }, now);
    await recordLimitChange(tx, userId, { limit: 'reminder', minutes }, now);
  });
}

/** The end of a self-exclusion in force at `now`, or null. */
export async function excludedUntil(db: Conn, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: playerLimits.excludedUntil })
    .from(playerLimits)
    .where(and(eq(playerLimits.userId, userId), gt(playerLimits.excludedUntil, now)));
  return row?.until ?? null;
}

/**
 * Starts a self-exclusion of `days` days and ends every session of the player at once;
 * `onEnded` gets their ids in the transaction (the caller closes their live connections when it
 * commits). Nobody can end it early: nothing in the code shortens excluded_until.
 */
export function startExclusion(
  db: Db,
  userId: number,
  days: number,
  now: Date,
  onEnded: (sessionIds: number[], tx: Tx) => Promise<void>,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    await lockKey(tx, LIMITS_LOCK, userId);
    if (await excludedUntil(tx, userId, now)) throw new AppError(ErrorCode.CONFLICT, 'exclusionActive');
    const until = new Date(now.getTime() + days * DAY_MS);
    await upsertPlayerLimits(tx, userId, { excludedFrom: now, excludedUntil: until }, now);
    await recordLimitChange(tx, userId, { limit: 'exclusion', days, until: until.toISOString() }, now);
    await onEnded(await revokeUserSessions(tx, userId, now), tx);
  });
}

/** `until` as the site's local date and time (YYYY-MM-DD HH:mm), for messages. */
async function siteTime(db: Conn, at: Date): Promise<string> {
  return localDateTime(at, (await getSysConfig(db)).timeZone);
}

async function refuseWhileExcluded(db: Conn, userId: number, now: Date, key: ServerErrorKey): Promise<void> {
  await refuseExcludedUntil(db, await excludedUntil(db, userId, now), key);
}

async function refuseExcludedUntil(db: Conn, until: Date | null, key: ServerErrorKey): Promise<void> {
  if (until) throw new AppError(ErrorCode.FORBIDDEN, key, { until: await siteTime(db, until) });
}

/** Login of a self-excluded player: 403 telling when the exclusion ends (site time). */
export const refuseLoginWhileExcluded = (db: Conn, userId: number, now: Date) =>
  refuseWhileExcluded(db, userId, now, 'selfExcluded');

/** A bet during a self-exclusion (its sessions already ended; this is defence in depth). */
export const refuseBetWhileExcluded = (db: Conn, userId: number, now: Date) =>
  refuseWhileExcluded(db, userId, now, 'selfExcludedBet');

/**
 * excludedUntil as a column of another select (null: not excluded), so that a bet reads it with
 * its other rows in one statement: `userId` and `now` are values or placeholders, not outer columns.
 */
export const excludedUntilColumn = (userId: SQLWrapper, now: Date | SQLWrapper) =>
  sql<Date | null>`(SELECT ${playerLimits.excludedUntil} FROM ${playerLimits}
    WHERE ${playerLimits.userId} = ${userId} AND ${playerLimits.excludedUntil} > ${now instanceof Date ? now.toISOString() : now}::timestamptz)`.mapWith(
    playerLimits.excludedUntil,
  );

/** refuseBetWhileExcluded with the exclusion the caller read (excludedUntilColumn). */
export const refuseBetExcludedUntil = (db: Conn, until: Date | null) =>
  refuseExcludedUntil(db, until, 'selfExcludedBet');

/** The player's limits as the settings page and the operator show them; `used`: deposits per period. */
export async function limitsView(
  db: Conn,
  userId: number,
  now: Date,
  used: Record<Period, number>,
): Promise<limits.LimitsData> {
  const [rows, player] = await Promise.all([limitRows(db, userId), playerRow(db, userId)]);
  const excluded = player?.excludedUntil && player.excludedUntil > now ? player : null;
  return {
    deposit: limitPeriods.map((period) => {
      const row = rows.get(period);
      const { amount, pending } = inForce(row, now);
      return {
        period,
        amount,
        pending: row && pending ? { amount: row.pendingAmount, from: pending.toISOString() } : null,
        used: used[period],
      };
    }),
    exclusion:
      excluded?.excludedFrom && excluded.excludedUntil
        ? { from: excluded.excludedFrom.toISOString(), until: excluded.excludedUntil.toISOString() }
        : null,
    reminderMinutes: player?.reminderMinutes ?? null,
  };
}
