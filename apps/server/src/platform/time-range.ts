import { gte, lt, sql, type SQL } from 'drizzle-orm';
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
