import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EntryType } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { dayFilterConditions, localDay, type DayFilter } from '../../platform/time-range.js';
import { CASH } from './ledger.js';
import { accounts, entries } from './tables.js';

/**
 * What entries of the given types changed one player's cash by, per day of the time zone and
 * type (credits positive, debits negative): day → type → amount. Days and types without an
 * entry are absent.
 */
export async function cashTotalsByDay(
  db: Conn,
  filter: DayFilter & { userId: number },
  types: readonly EntryType[],
  timeZone: string,
): Promise<Map<string, Map<EntryType, number>>> {
  const rows = await db
    .select({
      day: localDay(entries.createdAt, timeZone),
      type: entries.type,
      amount: sql<number>`sum(${entries.amount})`.mapWith(Number),
    })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(
      and(
        eq(accounts.kind, CASH),
        inArray(entries.type, [...types]),
        ...dayFilterConditions(entries.createdAt, accounts.ownerId, filter),
      ),
    )
    .groupBy(sql`1`, entries.type);
  const days = new Map<string, Map<EntryType, number>>();
  for (const r of rows) days.set(r.day, (days.get(r.day) ?? new Map()).set(r.type, r.amount));
  return days;
}

/**
 * What entries of the given types credited each player's cash over [from, to), net of any taken
 * back, as rows (user_id, type, amount) to join in a report (the agents report's commissions).
 */
export const cashTotalsOfPlayers = (range: { from: Date; to: Date }, types: readonly EntryType[]): SQL => sql`
  SELECT ${accounts.ownerId} AS user_id, ${entries.type} AS type, sum(${entries.amount}) AS amount
  FROM ${entries} JOIN ${accounts} ON ${accounts.id} = ${entries.accountId}
  WHERE ${entries.type} IN (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )}) AND ${entries.createdAt} >= ${range.from} AND ${entries.createdAt} < ${range.to} AND ${accounts.kind} = ${CASH}
  GROUP BY 1, 2`;
