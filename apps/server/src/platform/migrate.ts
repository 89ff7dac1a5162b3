import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type RawConnection } from './db.js';

/** apps/server/drizzle: hand-written SQL files, applied in name order (0001_…, 0002_…). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/** Arbitrary constant: every instance takes this lock while it migrates and seeds. */
const SETUP_LOCK = 7_204_811;

/**
 * Holds the setup advisory lock while fn runs, so that instances starting together migrate and
 * seed one after the other. The connection has no statement timeout meanwhile: a migration (a
 * backfill) may run long, and so may the wait for another instance's; the pool's is put back after.
 */
export async function withSetupLock<T>(database: Database, fn: (conn: RawConnection) => Promise<T>): Promise<T> {
  return database.withConnection(async (conn) => {
    await conn.exec(
      `SELECT set_config('breakshot.statement_timeout', current_setting('statement_timeout'), false);
      SET statement_timeout = 0;
      SELECT pg_advisory_lock(${SETUP_LOCK})`,
    );
    try {
      return await fn(conn);
    } finally {
      await conn.exec(
        `SELECT pg_advisory_unlock(${SETUP_LOCK});
        SELECT set_config('statement_timeout', current_setting('breakshot.statement_timeout'), false)`,
      );
    }
  });
}

/** The migration files' names, in the order they apply. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
}

/**
 * Applies the files not yet recorded in schema_migrations, each with its record in one
 * transaction. Call it under withSetupLock. Returns the names applied.
 */
export async function applyMigrations(
  database: Database,
  conn: RawConnection,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  await conn.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await queryRows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name),
  );
  const files = await migrationFiles(dir);
  const ran: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(join(dir, file), 'utf8');
    try {
      await conn.exec(`BEGIN;\n${text}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
    } catch (err) {
      await conn.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    ran.push(file);
  }
  return ran;
}
