import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../../src/platform/db.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * The Drizzle table definitions (each module's tables.ts, platform/tables.ts) against the schema
 * the SQL migrations build: a table, a column, its type or its NOT NULL that differs fails.
 */

const SRC = new URL('../../src/', import.meta.url);
/** Bookkeeping of the migration runner, which no module maps. */
const UNMAPPED = new Set(['schema_migrations']);

type Columns = Record<string, string>;

async function drizzleSchema(): Promise<Map<string, Columns>> {
  const files = [
    'platform/tables.ts',
    ...readdirSync(new URL('modules/', SRC))
      .filter((m) => readdirSync(new URL(`modules/${m}/`, SRC)).includes('tables.ts'))
      .map((m) => `modules/${m}/tables.ts`),
  ];
  const schema = new Map<string, Columns>();
  for (const file of files) {
    const exported: Record<string, unknown> = await import(new URL(file, SRC).href);
    for (const table of Object.values(exported).filter((x): x is PgTable => is(x, PgTable))) {
      const config = getTableConfig(table);
      const columns: Columns = {};
      for (const c of config.columns) columns[c.name] = `${normalType(c.getSQLType())}${c.notNull ? ' not null' : ''}`;
      schema.set(config.name, columns);
    }
  }
  return schema;
}

/** Drizzle's serial types are their integer types with a default. */
const normalType = (t: string) => t.replace(/^bigserial/, 'bigint').replace(/^serial/, 'integer');

async function databaseSchema(t: TestApp): Promise<Map<string, Columns>> {
  const rows = await queryRows<{ table: string; column: string; type: string; notnull: boolean }>(
    t.db,
    sql`SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
               a.attnotnull AS notnull
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const schema = new Map<string, Columns>();
  for (const r of rows) {
    if (UNMAPPED.has(r.table)) continue;
    const columns = schema.get(r.table) ?? {};
    columns[r.column] = `${r.type}${r.notnull ? ' not null' : ''}`;
    schema.set(r.table, columns);
  }
  return schema;
}

describe('Drizzle tables and SQL migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('describe the same tables, columns, types and NOT NULLs', async () => {
    const mapped = await drizzleSchema();
    const built = await databaseSchema(t);
    expect([...mapped.keys()].sort()).toEqual([...built.keys()].sort());
    for (const [table, columns] of built) expect(mapped.get(table), table).toEqual(columns);
  });
});
