import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, queryRows, type Db, type Tx } from './db.js';

/** A periodic job; it must be safe to run again (idempotent, keyed by what it finds). */
export interface Job {
  name: string;
  everyMs: number;
  /** Advisory lock key: one instance at a time runs the job. */
  lockKey: number;
  run(tx: Tx, now: Date): Promise<unknown>;
}

/**
 * Runs the job once in a transaction holding its advisory lock; false when another instance
 * holds it (that run is skipped, the next tick tries again).
 */
export async function runJob(db: Db, job: Job, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${job.lockKey}) AS locked`,
    );
    if (!row?.locked) return false;
    await job.run(tx, now);
    return true;
  });
}

/** In-process timer for the jobs (docs/design.md §2: safe with many instances through the locks). */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  start(jobs: Job[]): void {
    for (const job of jobs) {
      let busy = false;
      const tick = () => {
        if (busy) return;
        busy = true;
        const run = runJob(this.db, job, this.now())
          .catch((err: unknown) => this.log.error({ err, job: job.name }, 'job failed'))
          .finally(() => {
            busy = false;
            this.running.delete(run);
          });
        this.running.add(run);
      };
      this.timers.push(setInterval(tick, job.everyMs).unref());
    }
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running);
  }
}
