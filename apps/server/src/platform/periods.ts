import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, dateInZone } from '@breakshot/contracts/time';

/*
 * The periods of a report in the site's time zone: a day (YYYY-MM-DD), a week (its Monday,
 * YYYY-MM-DD) or a month (YYYY-MM), in SQL for grouping (from a day's date) and in JavaScript for
 * the list of every period of a range, so that both name a period alike.
 */

export type PeriodGroup = 'day' | 'week' | 'month';

/**
 * The first day of the period of a date column or expression, a date (grouping by a date sorts
 * faster than by its text), and how to_char names it as periodOfDate does.
 */
export function periodStartOfDay(day: SQL, group: PeriodGroup): { start: SQL<string>; format: string } {
  if (group === 'day') return { start: sql`${day}`, format: 'YYYY-MM-DD' };
  if (group === 'month') return { start: sql`date_trunc('month', ${day})::date`, format: 'YYYY-MM' };
  return { start: sql`date_trunc('week', ${day})::date`, format: 'YYYY-MM-DD' };
}

/** The period (named) of a timestamp column or expression in the zone; group by it by position. */
export function periodOfInstant(instant: SQLWrapper, group: PeriodGroup, timeZone: string): SQL<string> {
  const { start, format } = periodStartOfDay(sql`(${instant} AT TIME ZONE ${timeZone})::date`, group);
  return sql<string>`to_char(${start}, ${format})`;
}

/** The period a date (YYYY-MM-DD) falls in. */
export function periodOfDate(date: string, group: PeriodGroup): string {
  if (group === 'day') return date;
  if (group === 'month') return date.slice(0, 7);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every period the instants [from, to) touch in the zone, oldest first. */
export function periodsBetween(from: Date, to: Date, group: PeriodGroup, timeZone: string): string[] {
  const last = dateInZone(new Date(to.getTime() - 1), timeZone);
  const periods: string[] = [];
  for (let day = dateInZone(from, timeZone); day <= last; day = addDays(day, 1)) {
    const period = periodOfDate(day, group);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/** Rows keyed by their period, the period taken out of each. */
export const byPeriod = <R extends { period: string }>(rows: R[]): Map<string, Omit<R, 'period'>> =>
  new Map(rows.map(({ period, ...rest }) => [period, rest]));
