import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/platform/db.js';
import { prepareDatabase } from '../../src/seed/prepare.js';

/*
 * A benchmark's own database on PostgreSQL (DATABASE_URL, else the local server): created empty,
 * migrated and seeded as a server's first start does, dropped afterwards, so a run measures
 * nothing left by another.
 */

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement (CREATE or DROP DATABASE) on the PostgreSQL server of `url`. */
export async function admin(statement: string, url = SERVER_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs `fn` on a fresh, migrated and seeded database (its handle and its URL, for a server to use), dropped afterwards. */
export async function withScratchDatabase<T>(fn: (database: Database, url: string) => Promise<T>): Promise<T> {
  const name = `bs_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await prepareDatabase(database, new Date(), { sandboxPay: true });
    return await fn(database, url.toString());
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
