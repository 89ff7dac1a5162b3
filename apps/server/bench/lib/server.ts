import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The built server (apps/server/dist: the bench runner builds first) as production runs it, in a
 * process of its own on a database of the benchmark's, so the benchmark's own work (load
 * generator, baseline) does not share its event loop.
 */

const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface RunningServer {
  base: string;
  pid: number;
  /** The server's operator token (for /api/admin calls). */
  adminToken: string;
  /** Resident memory of the server process in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  /** Extra environment, e.g. raised rate limits. */
  env?: Record<string, string>;
  /** Extra node options before the script, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
}

export async function startServer({
  databaseUrl,
  port,
  env = {},
  nodeArgs = [],
}: ServerOptions): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'breakshot-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: '0',
      CAPTCHA_TEST_CODE: 'bench',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, exited);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    base,
    pid: child.pid!,
    adminToken: readFileSync(join(dataDir, 'admin-token'), 'utf8').trim(),
    rssMb: () => {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Number(kb) / 1024;
    },
    stop,
  };
}

async function waitForHealth(base: string, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 120 && !gone; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(gone ? 'the server exited while starting' : `${base}/healthz did not answer within 30 s`);
}
