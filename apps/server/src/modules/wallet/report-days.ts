import { getTableName, sql } from 'drizzle-orm';
import type { EntryType } from '@breakshot/contracts';
import { planDays, planRows, type DayCache } from '../../platform/closed-days.js';
import { queryRows, type Conn } from '../../platform/db.js';
import { periodStartOfDay, type PeriodGroup } from '../../platform/periods.js';
import { addDays, localDayStart } from '../../platform/time-range.js';
import { CASH } from './ledger.js';
import { reportCreditDays, reportCreditDaysClosed } from './tables.js';

/*
 * What the ledger credited to players' cash beside the bets, for the operator's profit and loss
 * (docs/design.md §9, "Reports"): the entries of REPORT_CREDITS, net of any taken back, per
 * period. Closed days are summed once per day and code into report_credit_days
 * (platform/closed-days.ts); the others are read from the entries, by their index on
 * (type, created_at) (drizzle/0059), code by code.
 */

export const REPORT_CREDITS = ['bonus', 'rebate', 'commission', 'dividend'] as const satisfies readonly EntryType[];
export type ReportCredit = (typeof REPORT_CREDITS)[number];

/** The credits' entries on cash over [from, to) as rows (day, type, amount), code by code. */
const liveCredits = (range: { from: Date; to: Date }, timeZone: string) =>
  sql.join(
    REPORT_CREDITS.map(
      (code) => sql`
        SELECT (e.created_at AT TIME ZONE ${timeZone})::date AS day, e.type, e.amount
        FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.type = ${code} AND e.created_at >= ${range.from} AND e.created_at < ${range.to} AND a.kind = ${CASH}`,
    ),
    sql` UNION ALL `,
  );

const creditDays: DayCache = {
  marks: getTableName(reportCreditDaysClosed),
  async fill(db, first, last, timeZone) {
    const range = { from: localDayStart(first, timeZone), to: localDayStart(addDays(last, 1), timeZone) };
    await db.execute(sql`
      WITH summed AS (
        INSERT INTO ${reportCreditDays} (day, type, amount)
        SELECT day, type, sum(amount) FROM (${liveCredits(range, timeZone)}) c GROUP BY 1, 2
        ON CONFLICT DO NOTHING
      )
      INSERT INTO ${reportCreditDaysClosed} (day)
      SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date
      ON CONFLICT DO NOTHING`);
  },
};

/** The credits per period of the range and code: period → code → amount; none: absent. */
export async function creditTotalsByPeriod(
  db: Conn,
  range: { from: Date; to: Date },
  group: PeriodGroup,
  timeZone: string,
  now: Date,
): Promise<Map<string, Map<ReportCredit, number>>> {
  const plan = await planDays(db, creditDays, range, timeZone, now);
  const credits = planRows(
    plan,
    (first, last) =>
      sql`SELECT day, type, amount FROM ${reportCreditDays} WHERE day >= ${first}::date AND day <= ${last}::date`,
    (live) => liveCredits(live, timeZone),
  );
  const period = periodStartOfDay(sql.raw('day'), group);
  const rows = await queryRows<{ period: string; type: ReportCredit; amount: string }>(
    db,
    sql`SELECT to_char(${period.start}, ${period.format}) AS period, type, sum(amount) AS amount
        FROM (${credits}) c GROUP BY ${period.start}, type`,
  );
  const periods = new Map<string, Map<ReportCredit, number>>();
  for (const r of rows) periods.set(r.period, (periods.get(r.period) ?? new Map()).set(r.type, Number(r.amount)));
  return periods;
}
