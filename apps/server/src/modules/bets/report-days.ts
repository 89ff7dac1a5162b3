import { getTableName, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { fillClosedDays, lastClosedDay, type DayCache } from '../../platform/closed-days.js';
import type { Job } from '../../platform/scheduler.js';
import { addDays, localDayStart } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { reportBetDays, reportBetDaysClosed } from './tables.js';

/*
 * The profit and loss's cache of the bets of closed days (platform/closed-days.ts): a day's
 * settled bets summed per game type, game, match or provider and player into report_bet_days, so
 * a report over 90 days reads a few rows per player and day instead of every bet, its headcounts
 * still exact. Filled by a job, and by a report's read on the primary.
 */

/** How far back the job fills days not cached yet (a report's first read fills older ones). */
const JOB_DAYS = 35;

/** A report's rows in SQL: the match (round_id) of a billiards bet, the provider of a provider game's. */
export const ROUND_KEY = sql.raw(`CASE WHEN game_type = 'taiqiu' THEN round_id ELSE split_part(round_id, ':', 1) END`);
export const SETTLED_STATUSES = sql.raw(`('won', 'lost', 'void', 'cashout')`);

export const betDays: DayCache = {
  marks: getTableName(reportBetDaysClosed),
  async fill(db: Conn, first: string, last: string, timeZone: string) {
    await db.execute(sql`
      WITH summed AS (
        INSERT INTO ${reportBetDays} (day, game_type, game_name, round_key, user_id, bets, turnover, valid_bet, payout)
        SELECT (settled_at AT TIME ZONE ${timeZone})::date, game_type, game_name, ${ROUND_KEY}, user_id,
          count(*), sum(stake), sum(valid_bet), sum(payout)
        FROM bets
        WHERE settled_at >= ${localDayStart(first, timeZone)} AND settled_at < ${localDayStart(addDays(last, 1), timeZone)}
          AND status IN ${SETTLED_STATUSES}
        GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT DO NOTHING
      )
      INSERT INTO ${reportBetDaysClosed} (day)
      SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date
      ON CONFLICT DO NOTHING`);
  },
};

/** Fills the cache with the recently closed days, so an operator's first report reads it. */
export const reportDaysJob: Job = {
  name: 'bets-report-days',
  everyMs: 10 * 60_000,
  lockKey: 7_205_131,
  run: async (tx, now) => {
    const { timeZone } = await getSysConfig(tx);
    const last = lastClosedDay(now, timeZone);
    await fillClosedDays(tx, betDays, addDays(last, -(JOB_DAYS - 1)), last, timeZone);
  },
};
