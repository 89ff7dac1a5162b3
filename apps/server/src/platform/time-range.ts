import { gte, lt, type SQL } from 'drizzle-orm';
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
