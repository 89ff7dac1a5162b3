import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { MIGRATIONS_DIR, migrationFiles } from '../../platform/migrate.js';
import { PREFIX as SEALED_PREFIX } from '../../platform/secret-box.js';

/* What db:export and db:import read from the catalog, and the row checksums both sides compare. */

/**
 * The settings a row's JSON text depends on, the same on both sides (PGlite and PostgreSQL
 * default differently), so that the checksums of the export and of the target compare. No time
 * limit: a checksum of a large table may take long.
 */
export async function setTransferSession(tx: Tx): Promise<void> {
  for (const setting of [
    `TimeZone = 'UTC'`,
    `IntervalStyle = 'postgres'`,
    `DateStyle = 'ISO, YMD'`,
    'extra_float_digits = 1',
    `bytea_output = 'hex'`,
    'statement_timeout = 0',
  ])
    await tx.execute(sql.raw(`SET LOCAL ${setting}`));
}

/** The schema's tables, parents before the tables whose foreign keys name them (then by name). */
export async function tablesInInsertOrder(db: Conn): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = k.connamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  // A table naming itself (transfers.pending_id) is inserted in id order: the parent row first.
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!next) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`the foreign keys between ${left.join(', ')} form a cycle: no insert order exists`);
    }
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** ORDER BY of a table's rows: its primary key, or (none) the row's text. */
export async function rowOrder(db: Conn, table: string): Promise<SQL> {
  const key = await queryRows<{ column: string }>(
    db,
    sql`SELECT a.attname AS column FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = quote_ident(${table})::regclass AND i.indisprimary
        ORDER BY array_position(i.indkey::int2[], a.attnum)`,
  );
  if (key.length === 0) return sql`t::text COLLATE "C"`;
  return sql.join(
    key.map((k) => sql`t.${sql.identifier(k.column)}`),
    sql`, `,
  );
}

export interface TableSum {
  rows: number;
  /**
   * The sum of the first 60 bits of each row's JSON text's md5: changes when a row is lost,
   * added or has any value changed, whatever order the rows are in (and without collation).
   */
  checksum: string;
  /** Rows holding a sealed secret (secret-box.ts) in any column. */
  sealed: number;
}

/**
 * The rows a table's checksum covers: schema_migrations without the checksum column the runner
 * added later (migrate.ts), so that an export made before it still compares equal on import (its
 * rows import with no checksum, which the next start fills in).
 */
const summedRows = (table: string): SQL =>
  table === 'schema_migrations' ? sql`(SELECT name, applied_at FROM schema_migrations)` : sql`${sql.identifier(table)}`;

export async function tableSum(db: Conn, table: string): Promise<TableSum> {
  const t = summedRows(table);
  const [sum] = await queryRows<{ rows: string; checksum: string; sealed: string }>(
    db,
    sql`SELECT count(*)::text AS rows,
          coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint), 0)::text AS checksum,
          count(*) FILTER (WHERE row_to_json(t)::text LIKE ${`%"${SEALED_PREFIX}%`})::text AS sealed
        FROM ${t} t`,
  );
  return { rows: Number(sum!.rows), checksum: sum!.checksum, sealed: Number(sum!.sealed) };
}

export interface SequenceState {
  name: string;
  /** The column it numbers (a serial column), if any. */
  table: string | null;
  column: string | null;
  /** The next value nextval would return (text: a bigint). */
  next: string;
}

/** Every sequence of the schema with the value it hands out next. */
export async function sequenceStates(db: Conn): Promise<SequenceState[]> {
  const sequences = await queryRows<{ name: string; table: string | null; column: string | null }>(
    db,
    sql`SELECT s.relname AS name, t.relname AS table, a.attname AS column
        FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
        LEFT JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
        LEFT JOIN pg_class t ON t.oid = d.refobjid
        LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE s.relkind = 'S' AND n.nspname = current_schema() ORDER BY s.relname`,
  );
  const states: SequenceState[] = [];
  for (const s of sequences) {
    const [state] = await queryRows<{ next: string }>(
      db,
      sql`SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::text AS next FROM ${sql.identifier(s.name)}`,
    );
    states.push({ ...s, next: state!.next });
  }
  return states;
}

/**
 * Sets a sequence to hand out `next`, or the value after the highest in its column if higher:
 * new rows get ids past every imported one.
 */
export async function restoreSequence(tx: Tx, state: SequenceState): Promise<string> {
  const highest =
    state.table && state.column
      ? sql`(SELECT max(${sql.identifier(state.column)}) + 1 FROM ${sql.identifier(state.table)})`
      : sql`NULL`;
  const [row] = await queryRows<{ next: string }>(
    tx,
    sql`SELECT setval(quote_ident(${state.name})::regclass, greatest(${state.next}::bigint, coalesce(${highest}, 1)), false)::text AS next`,
  );
  return row!.next;
}

/**
 * Tables the migrations themselves fill (settings, VIP levels, default promotions): a freshly
 * migrated database holds rows there, which the import replaces with the export's.
 */
export async function tablesMigrationsFill(dir = MIGRATIONS_DIR): Promise<Set<string>> {
  const tables = new Set<string>();
  for (const file of await migrationFiles(dir)) {
    const text = await readFile(join(dir, file), 'utf8');
    for (const match of text.matchAll(/\bINSERT\s+INTO\s+"?(\w+)"?/gi)) tables.add(match[1]!.toLowerCase());
  }
  return tables;
}
