import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { get } from 'node:http';
import { sleep } from './sleep.js';

const SERVER = fileURLToPath(new URL('../../../src/server.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;
/** Chunks of the server's output kept for a failure's message. */
const LOG_CHUNKS = 60;

/** A port nothing listens on now: the kernel's pick for port 0, given back at once. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real server (src/server.ts run by tsx, as `npm run admin` runs its CLI from source) in a
 * process group of its own, so SIGKILL takes it down at once, mid-request, like a crash.
 * `whenUp()` is what the load waits on between a kill and the restart.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  private log: string[] = [];
  private upNow = false;
  private upWaiters: (() => void)[] = [];
  starts = 0;
  kills = 0;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    // Whatever ends this test process, the server goes with it.
    process.once('exit', () => this.forceKill());
  }

  /** The process's id, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get up(): boolean {
    return this.upNow;
  }

  /** Resolves at once while the server is up, else once it is up again. */
  whenUp(): Promise<void> {
    return this.upNow ? Promise.resolve() : new Promise((resolve) => this.upWaiters.push(resolve));
  }

  /** The last output of the server (for a failure's message). */
  logTail(): string {
    return this.log.join('');
  }

  /** Spawns the server and waits until /healthz answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVER], {
      cwd: SERVER_DIR,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
    });
    this.child = child;
    this.starts += 1;
    const keep = (chunk: Buffer) => {
      this.log.push(chunk.toString());
      if (this.log.length > LOG_CHUNKS) this.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let gone = false;
    void this.exited.then(() => (gone = true));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await this.healthy())) {
      if (gone) throw new Error(`the server exited during start:\n${this.logTail()}`);
      if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${this.logTail()}`);
      await sleep(50);
    }
    this.upNow = true;
    for (const wake of this.upWaiters.splice(0)) wake();
  }

  /** SIGKILL to the whole group, then waits until the process is gone. */
  async kill(): Promise<void> {
    this.upNow = false;
    this.signal('SIGKILL');
    this.kills += 1;
    await this.exited;
  }

  /** SIGTERM (a clean shutdown); resolves with the exit code. */
  async stop(): Promise<number | null> {
    this.upNow = false;
    this.signal('SIGTERM');
    return this.exited;
  }

  /** For afterAll and process exit: the group is killed if it still runs. */
  forceKill(): void {
    this.upNow = false;
    this.signal('SIGKILL');
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  private healthy(): Promise<boolean> {
    return new Promise((resolve) => {
      const req = get({ host: '127.0.0.1', port: this.port, path: '/healthz', timeout: 2_000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
  }
}
