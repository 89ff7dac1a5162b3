import { and, gte, lte, sql } from 'drizzle-orm';
import { isReplica, type Conn } from '../../platform/db.js';
import type { Job } from '../../platform/scheduler.js';
import { addDays, localDate, localDayStart } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { reportBetDaysClosed } from './tables.js';

/*
 * The profit and loss's cache of closed days (docs/design.md §9, "Reports, as built"). A site day
 * whose bets can no longer settle into it (it ended CLOSE_GRACE_MS ago) is summed once per game
 * type, game, match or provider and player into report_bet_days, so a report over 90 days reads
 * a few rows per player and day instead of every bet, with its headcounts still exact. Filled by
 * a job and by a report read on the primary; a replica reads the days cached and the rest live.
 */

/** A bet settling at the day's last moment may still be committing when the day ends. */
export const CLOSE_GRACE_MS = 5 * 60_000;
/** How far back the job fills days not cached yet (a report's first read fills older ones). */
const JOB_DAYS = 35;

/** A report's rows in SQL: the match (round_id) of a billiards bet, the provider of a provider game's. */
export const ROUND_KEY = sql.raw(`CASE WHEN game_type = 'taiqiu' THEN round_id ELSE split_part(round_id, ':', 1) END`);
export const SETTLED_STATUSES = sql.raw(`('won', 'lost', 'void', 'cashout')`);

/** The last closed site day at `now`. */
export const lastClosedDay = (now: Date, timeZone: string) =>
  addDays(localDate(new Date(now.getTime() - CLOSE_GRACE_MS), timeZone), -1);

/** The days from `first` to `last` (both included) that are cached. */
export async function cachedDays(db: Conn, first: string, last: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: reportBetDaysClosed.day })
    .from(reportBetDaysClosed)
    .where(and(gte(reportBetDaysClosed.day, first), lte(reportBetDaysClosed.day, last)));
  return new Set(rows.map((r) => r.day));
}

/** Runs of consecutive days of `first` … `last` not in `cached`: [first day, last day] each. */
export function missingRuns(first: string, last: string, cached: Set<string>): [string, string][] {
  const runs: [string, string][] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (cached.has(day)) continue;
    const run = runs.at(-1);
    if (run && addDays(run[1], 1) === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * Caches the closed days of `first` … `last` not cached yet: per run of them, one statement sums
 * their bets and marks each day. A concurrent fill of the same day writes the same rows: kept.
 */
export async function cacheClosedDays(db: Conn, first: string, last: string, timeZone: string): Promise<void> {
  if (isReplica(db) || first > last) return;
  for (const [from, to] of missingRuns(first, last, await cachedDays(db, first, last))) {
    await db.execute(sql`
      WITH summed AS (
        INSERT INTO report_bet_days (day, game_type, game_name, round_key, user_id, bets, turnover, valid_bet, payout)
        SELECT (settled_at AT TIME ZONE ${timeZone})::date, game_type, game_name, ${ROUND_KEY}, user_id,
          count(*), sum(stake), sum(valid_bet), sum(payout)
        FROM bets
        WHERE settled_at >= ${localDayStart(from, timeZone)} AND settled_at < ${localDayStart(addDays(to, 1), timeZone)}
          AND status IN ${SETTLED_STATUSES}
        GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT DO NOTHING
      )
      INSERT INTO report_bet_days_closed (day)
      SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date
      ON CONFLICT DO NOTHING`);
  }
}

/** Fills the cache with the recently closed days, so an operator's first report reads it. */
export const reportDaysJob: Job = {
  name: 'bets-report-days',
  everyMs: 10 * 60_000,
  lockKey: 7_205_131,
  run: async (tx, now) => {
    const { timeZone } = await getSysConfig(tx);
    const last = lastClosedDay(now, timeZone);
    await cacheClosedDays(tx, addDays(last, -(JOB_DAYS - 1)), last, timeZone);
  },
};
