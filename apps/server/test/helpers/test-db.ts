import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { testServiceUrls } from '../../../../scripts/test/services.mjs';
import { openDatabase, type Database } from '../../src/platform/db.js';

/** The PostgreSQL server tests use; none: PGlite in memory. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

const serviceUrls = testServiceUrls(process.env);

/**
 * Where the PostgreSQL-only suites find a server when the run is on PGlite: TEST_PG_URL, as
 * `npm test` asks it (scripts/test/services.mjs), else the local one.
 */
export const LOCAL_PG_URL = serviceUrls.postgres;

/** The Redis of the shared rate-limit test: TEST_REDIS_URL, else the local one. */
export const TEST_REDIS_URL = serviceUrls.redis;

export interface TestDatabase {
  /** postgres:// URL of a fresh database, or undefined for PGlite. */
  url: string | undefined;
  open(): Promise<Database>;
  /** Drops the fresh database (no-op on PGlite). */
  drop(): Promise<void>;
}

/** The migrated PGlite cluster of this run (global-setup.ts), read once per test file. */
let migratedDump: Blob | undefined;

/**
 * A fresh database, migrated but not seeded (a copy of the run's template, global-setup.ts), or
 * with `empty` nothing at all: on the PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL a new
 * database bs_t_<random> (so test files can run in parallel), else PGlite in memory.
 */
export async function freshDatabase(serverUrl = TEST_SERVER_URL, { empty = false } = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    const dump = inject('pgliteDump');
    if (dump && !empty) migratedDump ??= new Blob([readFileSync(dump)]);
    const fromDump = empty ? undefined : migratedDump;
    return { url: undefined, open: () => openDatabase({ fromDump }), drop: async () => undefined };
  }
  const name = `bs_t_${randomBytes(6).toString('hex')}`;
  const template = serverUrl === TEST_SERVER_URL && !empty ? inject('pgTemplate') : undefined;
  await admin(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString() }),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh database (freshDatabase) opened for the describe it is called in, closed and dropped
 * after it: the handle is read once the describe's tests run.
 */
export function openedFreshDatabase(): () => Database {
  let fresh: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
    database = await fresh.open();
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });
  return () => {
    if (!database) throw new Error('the fresh database is open only while the tests run');
    return database;
  };
}

/** Whether a PostgreSQL server answers at url within a second or two. */
export async function pgAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
