import type { FastifyBaseLogger } from 'fastify';
import { refreshSeededRules } from './content.js';
import { seedIfEmpty, type SeedOptions } from './index.js';
import type { Database } from '../platform/db.js';
import { applyMigrations, withSetupLock } from '../platform/migrate.js';

/** Migrates and, on an empty database, seeds; one instance at a time. */
export async function prepareDatabase(
  database: Database,
  now: Date,
  seed: SeedOptions,
  log?: FastifyBaseLogger,
): Promise<void> {
  await withSetupLock(database, async (conn) => {
    const applied = await applyMigrations(database, conn);
    if (applied.length > 0) log?.info({ applied }, 'migrations applied');
    if (await seedIfEmpty(database.db, now, seed)) log?.info('demo content loaded');
    const refreshed = await refreshSeededRules(database.db, now);
    if (refreshed.length > 0) log?.info({ refreshed }, 'rules pages brought up to the current text');
  });
}
