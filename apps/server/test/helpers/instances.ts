import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/platform/db.js';
import { TEST_SERVER_URL } from './test-db.js';

/* More server instances on a test's database: settle-process.ts, each its own process and pool. */

const INSTANCE = fileURLToPath(new URL('./settle-process.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

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
  const children = [0, 1, 2].map(() =>
    spawn(process.execPath, ['--conditions=source', '--import', 'tsx', INSTANCE, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const outputs = children.map((child) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`instance process exited early: ${stderr}`);
      return value as string;
    };
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { next, exited, stderr: () => stderr };
  });
  return {
    async go(): Promise<unknown[]> {
      for (const o of outputs) {
        const line = await o.next();
        if (line !== 'ready') throw new Error(`instance process said ${line} instead of ready`);
      }
      for (const child of children) child.stdin.write('go\n');
      const results = await Promise.all(outputs.map(async (o) => JSON.parse(await o.next()) as unknown));
      for (const o of outputs) {
        const code = await o.exited;
        if (code !== 0) throw new Error(`instance process exited with ${code}: ${o.stderr()}`);
      }
      return results;
    },
    kill: () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')),
  };
}
