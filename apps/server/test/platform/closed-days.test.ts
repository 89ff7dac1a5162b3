import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillClosedDays, planDays, type DayCache } from '../../src/platform/closed-days.js';
import type { Conn } from '../../src/platform/db.js';
import { addDays, localDate, localDayStart } from '../../src/platform/time-range.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * A report's cache of closed days (platform/closed-days.ts): what a read fills, in pieces of at
 * most 31 days, and what it then reads live: only the days not closed.
 */

const ZONE = 'Asia/Shanghai';
const MARKS = 'report_credit_days_closed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ scheduler: false });
});
afterAll(async () => {
  await t.close();
});

/** A cache that only marks its days, and the runs it was asked to fill. */
function markingCache(): DayCache & { fills: [string, string][] } {
  const fills: [string, string][] = [];
  return {
    marks: MARKS,
    fills,
    async fill(db: Conn, first: string, last: string) {
      fills.push([first, last]);
      await db.execute(sql`INSERT INTO report_credit_days_closed (day)
        SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date`);
    },
  };
}

describe('closed days', () => {
  it('fills the days a range lacks, 31 at most per statement, and reads only the open days live', async () => {
    const first = '2026-01-01';
    await t.db.execute(sql`INSERT INTO report_credit_days_closed (day) VALUES ('2026-01-04'), ('2026-01-05')`);
    const cache = markingCache();
    const cached = await fillClosedDays(t.db, cache, first, addDays(first, 69), ZONE);
    expect(cache.fills).toEqual([
      ['2026-01-01', '2026-01-03'],
      ['2026-01-06', '2026-02-05'],
      ['2026-02-06', '2026-03-08'],
      ['2026-03-09', '2026-03-11'],
    ]);
    expect(cached.size).toBe(70);
    // Filled once: a second read fills nothing.
    await fillClosedDays(t.db, cache, first, addDays(first, 69), ZONE);
    expect(cache.fills).toHaveLength(4);
  });

  it('reads today live, and a range not from midnight to midnight live whole', async () => {
    const now = t.clock.now();
    const today = localDate(now, ZONE);
    const range = { from: localDayStart(addDays(today, -3), ZONE), to: localDayStart(addDays(today, 1), ZONE) };
    const plan = await planDays(t.db, markingCache(), range, ZONE, now);
    // Shortly after midnight the day before is not closed yet (5 minutes' grace).
    const closedToday = now.getTime() - localDayStart(today, ZONE).getTime() >= 5 * 60_000;
    const lastClosed = addDays(today, closedToday ? -1 : -2);
    expect(plan.cached).toEqual({ first: addDays(today, -3), last: lastClosed });
    expect(plan.live).toEqual([{ from: localDayStart(addDays(lastClosed, 1), ZONE), to: range.to }]);

    const offMidnight = { from: new Date(range.from.getTime() + 1), to: range.to };
    expect(await planDays(t.db, markingCache(), offMidnight, ZONE, now)).toEqual({ live: [offMidnight] });
  });
});
