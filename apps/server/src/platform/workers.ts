import cluster, { type Worker } from 'node:cluster';

/*
 * SERVER_WORKERS > 1: this process forks that many server processes, which share its port (the
 * primary hands each new connection to one of them in turn) and are each an instance as
 * docs/design.md §2 has them: stateless, live events through PostgreSQL NOTIFY, jobs and start-up
 * migration under advisory locks. One Node process uses one core; a machine's others would
 * otherwise be left to the database alone (bench/README.md, where the money path's time goes).
 *
 * The primary serves nothing itself. A signal (SIGTERM, SIGINT) is passed to every worker, which
 * drains as one instance does (platform/shutdown.ts); the primary exits once all have, with 0.
 * A worker that exits when no signal asked it to takes the rest down and the primary exits 1:
 * whatever supervises the server (systemd, a container) restarts it whole, rather than this
 * process keeping a half-working set alive.
 */

/** Forks `count` workers with `env` added (what they must share: the operator token, the sealing key). */
export function superviseWorkers(count: number, env: Record<string, string>, log: (line: string) => void): void {
  let stopping = false;
  let failed = false;
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      stopAll(signal);
    });
  }
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (!stopping) {
      log(`server worker ${worker.process.pid} exited (${signal ?? `code ${code}`}): stopping the others`);
      stopping = true;
      failed = true;
      stopAll('SIGTERM');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  for (let n = 0; n < count; n += 1) cluster.fork(env);
}

/** Whether this process is a worker forked by superviseWorkers (else a server of its own). */
export const isWorker = () => cluster.isWorker;

/** The first worker, or a server of its own: what says the server is ready (one start summary, not one each). */
export const isFirstInstance = () => !cluster.isWorker || cluster.worker?.id === 1;
