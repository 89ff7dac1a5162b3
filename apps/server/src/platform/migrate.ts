import { createHash } from 'node:crypto';
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

/** An applied migration whose file is no longer what was applied: the server must not start on it. */
export class MigrationChanged extends Error {}

/** A migration file's text and the sha256 (hex) of its bytes. */
async function readMigration(dir: string, file: string): Promise<{ text: string; checksum: string }> {
  const bytes = await readFile(join(dir, file));
  return { text: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Applies the files not yet recorded in schema_migrations, each with its record (name and
 * checksum) in one transaction, after checking that every file already applied is unchanged.
 * Call it under withSetupLock. Returns the names applied.
 */
export async function applyMigrations(
  database: Database,
  conn: RawConnection,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  await conn.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`,
  );
  const recorded = new Map(
    (
      await queryRows<{ name: string; checksum: string | null }>(
        database.db,
        sql`SELECT name, checksum FROM schema_migrations`,
      )
    ).map((r) => [r.name, r.checksum]),
  );
  const files = await migrationFiles(dir);
  const ran: string[] = [];
  for (const file of files) {
    const { text, checksum } = await readMigration(dir, file);
    if (recorded.has(file)) {
      await checkApplied(database, file, recorded.get(file)!, checksum);
      continue;
    }
    try {
      await conn.exec(
        `BEGIN;\n${text}\n;\nINSERT INTO schema_migrations (name, checksum) VALUES ('${file}', '${checksum}');\nCOMMIT;`,
      );
    } catch (err) {
      await conn.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    ran.push(file);
  }
  return ran;
}

/**
 * An applied migration's file must be the one applied. A record without a checksum was written
 * before the runner kept them (an older database): it takes the file's current one. That is safe
 * because the checksum decides nothing that runs, it only detects edits: filled now, it can miss
 * an edit made before this start, and catches every one after.
 */
async function checkApplied(database: Database, file: string, recorded: string | null, current: string): Promise<void> {
  if (recorded === null) {
    await database.db.execute(sql`UPDATE schema_migrations SET checksum = ${current} WHERE name = ${file}`);
  } else if (recorded !== current) {
    throw new MigrationChanged(
      `migration ${file} was changed after it was applied (sha256 recorded ${recorded}, file now ${current}): put the file back as it was and add the change as a new migration`,
    );
  }
}
