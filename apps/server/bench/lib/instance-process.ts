import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/*
 * Another server instance as a process of its own, running a TypeScript script of this package
 * (tsx, the contracts' source) on DATABASE_URL with a pool of its own: the benchmarks' writers and
 * the tests' job and settlement instances. They talk in lines: the parent writes to its stdin,
 * reads its stdout; its stderr is kept for the error when it fails.
 */

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface InstanceProcess {
  /** Writes a line to the process's stdin. */
  send(line: string): void;
  /** The next line it prints; rejects if it exits first. */
  next(): Promise<string>;
  /** Resolves once it exited with 0; rejects with its stderr otherwise. */
  finished(): Promise<void>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  kill(): void;
}

/**
 * Starts `script` (a path) with `args`, on the database at `databaseUrl`; `nodeArgs` go before the
 * script (e.g. --cpu-prof).
 */
export function spawnInstance(
  script: string,
  args: readonly string[],
  databaseUrl: string,
  nodeArgs: readonly string[] = [],
): InstanceProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--conditions=source', '--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    send: (line) => child.stdin.write(`${line}\n`),
    next: async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`instance process exited early: ${stderr}`);
      return value as string;
    },
    finished: async () => {
      const code = await exited;
      if (code !== 0) throw new Error(`instance process exited with ${code}: ${stderr}`);
    },
    stderr: () => stderr,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
