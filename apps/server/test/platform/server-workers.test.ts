import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { crashDatabase, type CrashDatabase } from '../trust/crash/database.js';
import { freePort, ServerProcess } from '../trust/crash/server-process.js';
import { sleep } from '../trust/crash/sleep.js';

/*
 * SERVER_WORKERS=2 (platform/workers.ts): a real server process forks two workers sharing its
 * port; SIGTERM drains them and the server exits 0; a worker that dies on its own takes the other
 * down and the server exits 1, for its supervisor to start it again whole. PostgreSQL only: the
 * embedded database belongs to one process.
 */

/** The node processes whose parent is `pid` (tsx's esbuild is another child). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return command === 'node' && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** GET /healthz on a new connection each time: the status. */
function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe.skipIf(!TEST_SERVER_URL)('server workers', () => {
  let database: CrashDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    server?.forceKill();
    await database?.dispose();
  });

  async function startWithWorkers(): Promise<{ server: ServerProcess; workers: number[] }> {
    database = await crashDatabase();
    server = new ServerProcess(await freePort(), {
      ...database.env,
      SERVER_WORKERS: '2',
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      DEMO: '0',
      LOG_LEVEL: 'warn',
    });
    await server.start();
    // Both workers listen once /healthz answers from one: wait for the second.
    for (let i = 0; i < 100 && childrenOf(server.pid!).length < 2; i += 1) await sleep(50);
    return { server, workers: childrenOf(server.pid!) };
  }

  it('two workers serve the port; SIGTERM drains both and the server exits 0', { timeout: 90_000 }, async () => {
    const { server, workers } = await startWithWorkers();
    expect(workers).toHaveLength(2);
    await sleep(1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => health(server.port)));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  });

  it('a worker that dies on its own takes the other down, and the server exits 1', { timeout: 90_000 }, async () => {
    const { server, workers } = await startWithWorkers();
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGKILL');
    for (let i = 0; i < 200 && alive(server.pid!); i += 1) await sleep(50);
    // Gone already: stop() sends nothing and gives its exit code.
    expect(await server.stop()).toBe(1);
    expect(server.logTail()).toMatch(/server worker \d+ exited \(SIGKILL\): stopping the others/);
    expect(workers.filter(alive)).toEqual([]);
  });
});
