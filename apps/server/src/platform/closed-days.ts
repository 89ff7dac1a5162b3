import { sql, type SQL } from 'drizzle-orm';
import { isReplica, queryRows, type Conn } from './db.js';
import { addDays, localDate, localDayStart } from './time-range.js';

/*
 * A report's cache of closed days (docs/design.md §9, "Reports, as built"): a site day that ended
 * CLOSE_GRACE_MS ago takes no more rows, so what a report sums of it is summed once into a cache
 * and read from there. A cache is a table of the sums and a table marking each day cached, filled
 * in one statement per run of days (the sums and the marks), so rows of a day say it is cached.
 * A read on the primary fills the days it lacks; a replica reads the days cached and the rest live.
 */

/** A row of the day's last moment may still be committing when the day ends. */
export const CLOSE_GRACE_MS = 5 * 60_000;

type Range = { from: Date; to: Date };

export interface DayCache {
  /** The table marking each day cached (a column `day`). */
  marks: string;
  /** Sums the days `first` … `last` (both included) into the cache and marks them, in one statement. */
  fill(db: Conn, first: string, last: string, timeZone: string): Promise<void>;
}

/** What a report over a range reads: the closed days cached, and the instants to read live. */
export interface DaysPlan {
  /** The cached days lie within [first, last], both included; absent: none. */
  cached?: { first: string; last: string };
  live: Range[];
}

/** The last closed site day at `now`. */
export const lastClosedDay = (now: Date, timeZone: string) =>
  addDays(localDate(new Date(now.getTime() - CLOSE_GRACE_MS), timeZone), -1);

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

/** Days filled per statement at most: a year's first read stays well within the statement timeout. */
const FILL_DAYS = 31;

/** A run of days in pieces of at most FILL_DAYS. */
function chunks(from: string, to: string): [string, string][] {
  const pieces: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, FILL_DAYS)) {
    const end = addDays(start, FILL_DAYS - 1);
    pieces.push([start, end < to ? end : to]);
  }
  return pieces;
}

async function cachedDays(db: Conn, marks: string, first: string, last: string): Promise<Set<string>> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`SELECT day::text AS day FROM ${sql.identifier(marks)} WHERE day >= ${first}::date AND day <= ${last}::date`,
  );
  return new Set(rows.map((r) => r.day));
}

/** Fills the closed days of `first` … `last` the cache lacks (never on a replica); the days it holds. */
export async function fillClosedDays(
  db: Conn,
  cache: DayCache,
  first: string,
  last: string,
  timeZone: string,
): Promise<Set<string>> {
  const cached = await cachedDays(db, cache.marks, first, last);
  if (isReplica(db)) return cached;
  const runs = missingRuns(first, last, cached).flatMap(([from, to]) => chunks(from, to));
  for (const [from, to] of runs) await cache.fill(db, from, to, timeZone);
  return runs.length === 0 ? cached : cachedDays(db, cache.marks, first, last);
}

/**
 * How to read a range: its closed days from the cache (filled first where it can be), the rest
 * live. A range that does not run from a site midnight to a site midnight is read live whole.
 */
export async function planDays(
  db: Conn,
  cache: DayCache,
  range: Range,
  timeZone: string,
  now: Date,
): Promise<DaysPlan> {
  const first = localDate(range.from, timeZone);
  const last = addDays(localDate(range.to, timeZone), -1);
  const inDays =
    localDayStart(first, timeZone).getTime() === range.from.getTime() &&
    localDayStart(addDays(last, 1), timeZone).getTime() === range.to.getTime();
  const closed = [lastClosedDay(now, timeZone), last].sort()[0]!;
  if (!inDays || first > closed) return { live: [range] };
  const cached = await fillClosedDays(db, cache, first, closed, timeZone);
  const live = missingRuns(first, last, cached).map(([a, b]) => ({
    from: localDayStart(a, timeZone),
    to: localDayStart(addDays(b, 1), timeZone),
  }));
  return { cached: cached.size > 0 ? { first, last: closed } : undefined, live };
}

/** Rows of the plan: `cachedRows` over its cached days, `liveRows` over each live range, as one UNION ALL. */
export function planRows(
  plan: DaysPlan,
  cachedRows: (first: string, last: string) => SQL,
  liveRows: (range: Range) => SQL,
): SQL {
  const parts = plan.live.map(liveRows);
  if (plan.cached) parts.push(cachedRows(plan.cached.first, plan.cached.last));
  return parts.length > 0 ? sql.join(parts, sql` UNION ALL `) : liveRows({ from: new Date(0), to: new Date(0) });
}
