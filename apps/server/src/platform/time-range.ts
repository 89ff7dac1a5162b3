import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** An instant as YYYY-MM-DD HH:mm in a time zone; with `offset`, followed by its offset: (UTC+8). */
export function localDateTime(at: Date, timeZone: string, options: { offset?: boolean } = {}): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(options.offset ? { timeZoneName: 'shortOffset' as const } : {}),
  }).formatToParts(at);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  const text = `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
  return options.offset ? `${text} (${p('timeZoneName').replace('GMT', 'UTC')})` : text;
}

/** The date `days` after a YYYY-MM-DD date (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

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
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let at = midnightUtc;
  // Twice: the offset at the first guess may differ from the offset at the day's start (DST).
  for (let i = 0; i < 2; i += 1) at = midnightUtc - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** How far a time zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = (type: string) => Number(parts.find((x) => x.type === type)?.value);
  const wall = Date.UTC(p('year'), p('month') - 1, p('day'), p('hour'), p('minute'), p('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
