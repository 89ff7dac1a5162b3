import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { transfer, type TransferRequest } from '../../src/modules/wallet/service.js';
import { inTransaction, openDatabase, pingDatabase } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { domainEventBus } from '../../src/subscribers.js';
import { secretBox } from '../../src/platform/secret-box.js';
import { monotonicMs } from '../lib/clock.js';
import { AMOUNT, chainLength, chainLink, type ChainPlan } from './chain.js';

/*
 * A writer of the live benchmark: another server instance (its own process and pool on
 * DATABASE_URL) writing a chain of ledger transfers (chain.ts) with the wallet service, whose
 * pg_notify goes out with each commit to the measured server. transfers.ts spawns it. Arg: its
 * name (the idempotency keys' prefix). Line 1 on stdin: the ChainPlan (JSON); it funds the chain
 * and prints "ready". Line 2: it writes the chain, rate a second started evenly (open loop), and
 * prints a WriterResult (JSON).
 */

export interface WriterResult {
  /** When each transfer's commit was acknowledged here (monotonicMs); null: it failed. */
  committedAt: (number | null)[];
  /** Transfers that had to wait for their sender's money (transfer k - stride) when due. */
  waited: number;
  /** This process's event-loop delay p99 while writing, ms: it delays the acknowledgements seen. */
  loopDelayP99: number;
  /** CPU time this process spent writing, ms. */
  cpuMs: number;
}

const name = process.argv[2] ?? 'w';
/** Funding transfers in flight: the pool's size (db.ts). */
const FUNDING_CONCURRENCY = 10;
const database = await openDatabase({ url: process.env.DATABASE_URL });
const ctx = instanceContext(database, () => new Date(), secretBox(Buffer.alloc(32, 7)), domainEventBus());
const write = (req: TransferRequest) => inTransaction(database.db, (tx) => transfer(tx, ctx, req));
const input = createInterface({ input: process.stdin });
const lines = input[Symbol.asyncIterator]();
const nextLine = async () => (await lines.next()).value as string;

const plan = JSON.parse(await nextLine()) as ChainPlan;
// An operator's adjustment to each of the first `stride` players, before any socket opens, a
// pool's worth at a time.
const funded = plan.userIds.slice(0, plan.stride);
let nextFunded = 0;
const fund = async () => {
  for (let i = nextFunded++; i < funded.length; i = nextFunded++) {
    await write({
      key: `bench_live_fund:${name}:${i}`,
      code: 'adjustment',
      debit: { house: 'adjustment' },
      credit: { userId: funded[i]! },
      amount: AMOUNT,
      reference: { table: 'bench_live', id: `fund${name}:${i}` },
    });
  }
};
await Promise.all(Array.from({ length: FUNDING_CONCURRENCY }, fund));
await pingDatabase(database.db);
console.log('ready');
await nextLine();
input.close();
const result = await writeChain(plan);
// The last transfers' events are still being published (hub.ts).
await ctx.live.stop();
console.log(JSON.stringify(result));
await database.close();

async function writeChain(plan: ChainPlan): Promise<WriterResult> {
  const total = chainLength(plan);
  const committedAt: (number | null)[] = new Array(total).fill(null);
  const done: Promise<boolean>[] = [];
  const settled: boolean[] = [];
  let waited = 0;
  const launch = async (k: number): Promise<boolean> => {
    if (k >= plan.stride) {
      if (!settled[k - plan.stride]) waited += 1;
      if (!(await done[k - plan.stride])) return false;
    }
    const { from, to } = chainLink(plan, k);
    try {
      await write({
        key: `bench_live:${name}:${k}`,
        code: 'agent_transfer',
        debit: { userId: from },
        credit: { userId: to },
        amount: AMOUNT,
        reference: { table: 'bench_live', id: `${name}:${k}` },
      });
    } catch (err) {
      console.error(`transfer ${name}:${k} failed:`, err);
      return false;
    }
    committedAt[k] = monotonicMs();
    return true;
  };
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu = process.cpuUsage();
  const started = monotonicMs();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((monotonicMs() - started) / 1000) * plan.rate) + 1);
      while (done.length < due) {
        const k = done.length;
        done.push(launch(k).finally(() => (settled[k] = true)));
      }
      if (done.length < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(done);
  lag.disable();
  const { user, system } = process.cpuUsage(cpu);
  return { committedAt, waited, loopDelayP99: lag.percentile(99) / 1e6, cpuMs: (user + system) / 1000 };
}
