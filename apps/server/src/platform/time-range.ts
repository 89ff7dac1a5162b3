import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addDays, dateInZone, formatInZone, instantInZone } from '@breakshot/contracts/time';

/** Conditions of a list's time filter (contracts `timeRange`): `from` inclusive, `to` exclusive. */
export function withinTimeRange(
  column: PgColumn,
  range: { from?: string | undefined; to?: string | undefined },
): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, new Date(range.from)));
  if (range.to) conditions.push(lt(column, new Date(range.to)));
  return conditions;
}

/**
 * The date (YYYY-MM-DD) of a timestamp column in a time zone, for per-day figures. Group by it by
 * position (`groupBy(sql\`1\`)`, it being the first column): the zone is a query parameter, so
 * the same expression in GROUP BY would be a different one to PostgreSQL.
 */
export const localDay = (column: PgColumn, timeZone: string) =>
  sql<string>`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

/**
 * Which rows per-day figures cover: since `from`, before `to` if given, of one player if given
 * (the operator's dashboard: every player; a player's own report: theirs).
 */
export interface DayFilter {
  from: Date;
  to?: Date | undefined;
  userId?: number | undefined;
}

/** Conditions of a DayFilter on a table's time and user columns. */
export function dayFilterConditions(time: PgColumn, user: PgColumn, filter: DayFilter): SQL[] {
  const conditions = [gte(time, filter.from)];
  if (filter.to) conditions.push(lt(time, filter.to));
  if (filter.userId !== undefined) conditions.push(eq(user, filter.userId));
  return conditions;
}

/** An instant's date (YYYY-MM-DD) in a time zone. */
export const localDate = (at: Date, timeZone: string): string => dateInZone(at, timeZone);

/** An instant as YYYY-MM-DD HH:mm in a time zone; with `offset`, followed by its offset: (UTC+8). */
export const localDateTime = (at: Date, timeZone: string, options: { offset?: boolean } = {}): string =>
  formatInZone(at, timeZone, options);

export { addDays };

/** The Monday of a YYYY-MM-DD date's week (weeks start Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  return addDays(date, 1 - weekday);
}

/** The first day (YYYY-MM-DD) of the month after a YYYY-MM-DD date's. */
export function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The instant a YYYY-MM-DD date begins in a time zone (the zone's offset found at that instant). */
export function localDayStart(date: string, timeZone: string): Date {
  const start = instantInZone(date, timeZone);
  if (!start) throw new Error(`not a date: ${date}`);
  return start;
}
