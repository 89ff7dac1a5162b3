import { inTransaction, type Db } from '../../src/platform/db.js';
import { runJob, type Job } from '../../src/platform/scheduler.js';

/* What an instance's scheduler does with the periodic jobs, for the tests and settle-process.ts (no vitest here). */

/** One instance's runs of a job: done, skipped (another instance held the lock), failed (rolled back). */
export interface JobRuns {
  ran: number;
  skipped: number;
  failed: string[];
}

/**
 * `ticks` runs of every job at `now`, as an instance's Scheduler makes them: each job on its own
 * timer (the jobs at once), a job's next run after its last. A failed run rolls back and is
 * counted, as the scheduler logs it and goes on. With `lock` false the runs do not take the job's
 * advisory lock: only its unique keys keep concurrent runs from doing a period twice.
 */
export async function jobTicks(
  db: Db,
  jobs: Job[],
  now: Date,
  ticks: number,
  { lock = true } = {},
): Promise<Record<string, JobRuns>> {
  const runOnce = (job: Job) =>
    lock ? runJob(db, job, now) : inTransaction(db, (tx) => job.run(tx, now)).then(() => true);
  const runs = await Promise.all(
    jobs.map(async (job) => {
      const r: JobRuns = { ran: 0, skipped: 0, failed: [] };
      for (let i = 0; i < ticks; i += 1) {
        try {
          if (await runOnce(job)) r.ran += 1;
          else r.skipped += 1;
        } catch (err) {
          r.failed.push(err instanceof Error ? err.message : String(err));
        }
      }
      return [job.name, r] as const;
    }),
  );
  return Object.fromEntries(runs);
}
