import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Durations in reports (docs/design.md §9, "Reports, as built"): whole seconds between two
 * timestamps, their median (percentile_cont: the mean of the two middle ones when their number is
 * even) and their longest over the rows a condition keeps, null over none.
 */

const wholeSeconds = (v: unknown) => (v === null ? null : Math.round(Number(v)));

/** The seconds from `start` to `end` (SQL expressions of timestamps). */
export const secondsBetween = (start: AnyColumn | SQL, end: AnyColumn | SQL) =>
  sql`extract(epoch FROM ${end} - ${start})`;

/** The median of a duration over the rows `where` keeps, rounded to the second. */
export const medianSeconds = (duration: SQL, where: SQL) =>
  sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${duration}) FILTER (WHERE ${where})`.mapWith(
    wholeSeconds,
  );

/** The longest duration over the rows `where` keeps (all rows without it), rounded to the second. */
export const longestSeconds = (duration: SQL, where?: SQL) =>
  sql<number | null>`max(${duration}) FILTER (WHERE ${where ?? sql`true`})`.mapWith(wholeSeconds);

/** The seconds from a timestamp column to `now`. */
export const secondsSince = (start: AnyColumn | SQL, now: Date) =>
  secondsBetween(start, sql`${now.toISOString()}::timestamptz`);

/** How many rows `where` keeps. */
export const countWhere = (where: SQL) => sql<number>`count(*) FILTER (WHERE ${where})`.mapWith(Number);

/** The sum of a money column, 0 over no row. */
export const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The success rate in basis points, rounded down; null when nothing was made. */
export const successBp = (succeeded: number, made: number) =>
  made === 0 ? null : Math.floor((succeeded * 10_000) / made);
