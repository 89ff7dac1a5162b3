import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { spawnInstance } from '../../bench/lib/instance-process.js';
import { queryRows, type Db } from '../../src/platform/db.js';
import { TEST_SERVER_URL } from './test-db.js';

/* More server instances on a test's database: settle-process.ts, each its own process and pool. */

const INSTANCE = fileURLToPath(new URL('./settle-process.ts', import.meta.url));

/** The URL of the database `db` is on, for more instances; undefined on PGlite (in this process only). */
export async function instanceDatabaseUrl(db: Db): Promise<string | undefined> {
  if (!TEST_SERVER_URL) return undefined;
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/**
 * Three instance processes that run one task (settle-process.ts's arguments) at the same moment,
 * when `go` is called: spawned early, so their start (several seconds each) overlaps the test's
 * setup. `go` answers each process's result.
 */
export function spawnInstances(databaseUrl: string, args: string[]) {
  const instances = [0, 1, 2].map(() => spawnInstance(INSTANCE, args, databaseUrl));
  return {
    async go(): Promise<unknown[]> {
      for (const instance of instances) {
        const line = await instance.next();
        if (line !== 'ready') throw new Error(`instance process said ${line} instead of ready`);
      }
      for (const instance of instances) instance.send('go');
      const results = await Promise.all(instances.map(async (i) => JSON.parse(await i.next()) as unknown));
      for (const instance of instances) await instance.finished();
      return results;
    },
    kill: () => instances.forEach((instance) => instance.kill()),
  };
}
