import { and, gte, lte, sql } from 'drizzle-orm';
import { isReplica, queryRows, type Conn } from '../../platform/db.js';
import { addDays, localDate } from '../../platform/time-range.js';
import { agentDaily as d, playerCohorts as c } from './report-tables.js';
import type { DayRange } from './player-figures.js';
import { openDayOf } from './reports/team-sums.js';

/*
 * Retention by registration day (docs/design.md §9, "Reports"): of the players who registered on
 * a site day, those active (a bet settled: bet_count > 0) 1, 7 and 30 days later, from the daily
 * roll-ups. A figure whose later day is closed never changes, so it is computed once into
 * player_cohorts and read from there after; the few whose day has ended but is not closed yet
 * are computed on each read, and a day not ended has no figure. A read-only replica reads the
 * figures cached and computes the missing ones on each read, the cache being filled on the primary.
 */

/** 0: the day's registrations; then the days after it that retention looks at. */
const OFFSETS = [0, 1, 7, 30] as const;
type Offset = (typeof OFFSETS)[number];

export interface Cohort {
  day: string;
  registered: number;
  /** By days after registration (1, 7, 30); null until that day has ended. */
  retained: Record<1 | 7 | 30, number | null>;
}

type Cell = { day: string; after: Offset };
const keyOf = (cell: Cell) => `${cell.day}+${cell.after}`;

/** The players of each cell: the day's registrants, or those of them active `after` days later. */
async function countCells(db: Conn, cells: Cell[]): Promise<Map<string, number>> {
  if (cells.length === 0) return new Map();
  const rows = await queryRows<{ day: string; after: number; players: number }>(
    db,
    sql`SELECT cell.day::text AS day, cell.after,
          (SELECT count(*)::int FROM ${d} r
           WHERE r.day = cell.day AND r.registrations > 0
             AND (cell.after = 0 OR EXISTS (
               SELECT 1 FROM ${d} a WHERE a.day = cell.day + cell.after AND a.user_id = r.user_id AND a.bet_count > 0
             ))) AS players
        FROM jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) AS cell(day date, after int)`,
  );
  return new Map(rows.map((r) => [keyOf({ day: r.day, after: r.after as Offset }), r.players]));
}

/** The cached cells of the range's days. */
async function cachedCells(db: Conn, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .select()
    .from(c)
    .where(and(gte(c.day, range.first), lte(c.day, range.last)));
  return new Map(rows.map((r) => [keyOf({ day: r.day, after: r.after as Offset }), r.players]));
}

/** Retention per registration day of the range, oldest first, every day listed. */
export async function retentionCohorts(db: Conn, range: DayRange, now: Date, timeZone: string): Promise<Cohort[]> {
  // The first day not ended (today), and the first not closed (ROLLUP_GRACE_MS after its end).
  const clock = { today: localDate(now, timeZone), openDay: openDayOf(now, timeZone) };
  const cells: Cell[] = [];
  for (let day = range.first; day <= range.last; day = addDays(day, 1))
    for (const after of OFFSETS) if (after === 0 || addDays(day, after) < clock.today) cells.push({ day, after });
  const counts = await cachedCells(db, range);
  const missing = cells.filter((cell) => !counts.has(keyOf(cell)));
  for (const [key, players] of await countCells(db, missing)) counts.set(key, players);
  const closed = missing.filter((cell) => addDays(cell.day, cell.after) < clock.openDay);
  if (!isReplica(db) && closed.length > 0)
    await db
      .insert(c)
      .values(closed.map((cell) => ({ ...cell, players: counts.get(keyOf(cell))! })))
      .onConflictDoNothing();
  const count = (day: string, after: Offset) => counts.get(keyOf({ day, after })) ?? null;
  const cohorts: Cohort[] = [];
  for (let day = range.first; day <= range.last; day = addDays(day, 1))
    cohorts.push({
      day,
      registered: count(day, 0) ?? 0,
      retained: { 1: count(day, 1), 7: count(day, 7), 30: count(day, 30) },
    });
  return cohorts;
}
