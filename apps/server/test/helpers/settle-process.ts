import { createInterface } from 'node:readline';
import { periodicJobs } from '../../src/jobs.js';
import { settlePeriod } from '../../src/modules/agents/settlement/settle.js';
import type { SettlementKind } from '../../src/modules/agents/report-tables.js';
import { openDatabase, pingDatabase } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { domainEventBus } from '../../src/subscribers.js';
import { secretBox } from '../../src/platform/secret-box.js';
import { jobTicks } from './job-ticks.js';

/*
 * One more server instance for the multi-instance tests (instances.ts spawns it): its own process
 * and pool on DATABASE_URL. Args: a task and its arguments,
 *   settle <kind:period>…  settles every period at once (settlePeriod), at the real time;
 *   jobs <ticks> <now>     runs every periodic job `ticks` times with the clock stopped at <now>
 *                          (ISO), as the instance's scheduler would (jobTicks).
 * Prints "ready" once connected, runs the task when a line arrives on stdin, prints its result as
 * JSON and exits.
 */

const [task, ...args] = process.argv.slice(2);
const stoppedAt = task === 'jobs' ? new Date(args[1]!) : undefined;
const database = await openDatabase({ url: process.env.DATABASE_URL });
const now = () => (stoppedAt ? new Date(stoppedAt) : new Date());
// test-app.ts's key (its module needs the vitest runner; the jobs seal nothing anyway).
const ctx = instanceContext(database, now, secretBox(Buffer.alloc(32, 7)), domainEventBus());
const tasks: Record<string, () => Promise<unknown>> = {
  settle: () =>
    Promise.all(
      args.map((arg) => {
        const [kind, period] = arg.split(':') as [SettlementKind, string];
        return settlePeriod(ctx, kind, period, now());
      }),
    ),
  jobs: () => jobTicks(ctx.db, periodicJobs(ctx), now(), Number(args[0])),
};
const run = tasks[task ?? ''];
if (!run) throw new Error(`unknown task "${task}": settle or jobs`);
// A query first: the pool's connection is open before the race starts.
await pingDatabase(database.db);
console.log('ready');
const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
input.close();
console.log(JSON.stringify(await run()));
await database.close();
