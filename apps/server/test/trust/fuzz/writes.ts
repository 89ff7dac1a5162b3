import { sql } from 'drizzle-orm';
import { queryRows, type Conn } from '../../../src/platform/db.js';
import { tableNames } from '../../helpers/counts.js';

/*
 * What a batch of refused requests may not change: the rows of every table (the list read from
 * information_schema, so a new table is counted too) and the money in the ledger.
 */

export interface Snapshot {
  /** Rows per table. */
  rows: Record<string, number>;
  /** Sums of the ledger's accounts: the players' balances, all money ever moved. */
  money: Record<string, number>;
}

type Figure = { name: string; n: number };
const byName = (rows: Figure[]) => Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));

export async function snapshot(db: Conn): Promise<Snapshot> {
  const counts = (await tableNames(db)).map(
    (name) => sql`SELECT ${name} AS name, count(*)::float8 AS n FROM ${sql.identifier(name)}`,
  );
  const [money] = await queryRows<{ players: number; moved: number }>(
    db,
    sql`SELECT coalesce(sum(credits_posted - debits_posted) FILTER (WHERE owner_id IS NOT NULL), 0)::float8 AS players,
               coalesce(sum(credits_posted + credits_pending), 0)::float8 AS moved
        FROM accounts`,
  );
  return {
    rows: byName(await queryRows<Figure>(db, sql.join(counts, sql` UNION ALL `))),
    money: { 'balance of players': Number(money?.players), 'money moved': Number(money?.moved) },
  };
}

/** What changed between two snapshots, `name: before → after`, but for the tables ignored. */
export function changes(before: Snapshot, after: Snapshot, ignore: readonly string[] = []): string[] {
  const differ = (a: Record<string, number>, b: Record<string, number>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((name) => !ignore.includes(name) && a[name] !== b[name])
      .map((name) => `${name}: ${a[name]} → ${b[name]}`);
  return [...differ(before.rows, after.rows), ...differ(before.money, after.money)];
}

/** Rows added or removed between two snapshots, but in the tables ignored. */
export function rowsWritten(before: Snapshot, after: Snapshot, ignore: readonly string[] = []): number {
  return Object.keys(after.rows)
    .filter((name) => !ignore.includes(name))
    .reduce((sum, name) => sum + Math.abs((after.rows[name] ?? 0) - (before.rows[name] ?? 0)), 0);
}
