import { fileURLToPath } from 'node:url';
import { spawnInstance, type InstanceProcess } from '../lib/instance-process.js';
import type { BenchPlayer } from '../lib/players.js';
import { AMOUNT, chainLength, chainLink, type ChainPlan } from './chain.js';
import type { WriterResult } from './writer.js';

/*
 * Ledger transfers written as other server instances write them: `writers` processes
 * (writer.ts), each with its own pool and its own chain (chain.ts) over its share of the players,
 * so the transfers do not compete with the sockets for an event loop. The measured
 * server's hub (LISTENing) sends BALANCE_UPDATED to both players' sockets of each.
 *
 * Timing: a writer takes the instant its commit is acknowledged and a client process (fleet.ts)
 * the instant the event arrives on a socket, both on CLOCK_MONOTONIC (clock.ts), which every
 * process shares, and both send their instants once they are done. Having the writer tell each
 * commit as it happens, and taking the instant when that message arrives here, would add the pipe
 * and a busy event loop to the commit's instant, and could even order it after the event it caused.
 */

const WRITER = fileURLToPath(new URL('./writer.ts', import.meta.url));
/** Node options for the writers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
const WRITER_NODE_ARGS = process.env.LIVE_WRITER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

interface Expected {
  /** When the transfer's commit was acknowledged (monotonicMs); NaN: not yet, or failed. */
  committedAt: number;
  /** When the player's socket received the event (monotonicMs); NaN before. */
  arrivedAt: number;
}

export interface TransferRun {
  /** Transfers committed per second, between the first commit and the last (of any writer). */
  perSecond: number;
  committed: number;
  failed: number;
  /** Transfers whose sender's money had not arrived when they were due (the chain held them). */
  waited: number;
  /** The writers' worst event-loop delay p99, ms (it delays the acknowledgements they take). */
  writerLoopDelayP99: number;
  /** The writers' CPU time per committed transfer, ms. */
  writerCpuMsPerTransfer: number;
}

export interface Delivery {
  /** Commit acknowledged → event received, ms, ascending (0 when the event came first). */
  latencies: number[];
  /** Events of committed transfers that never arrived. */
  lost: number;
  /** BALANCE_UPDATED events no transfer explains, or a second time. */
  unexpected: number;
}

export class ChainTransfers {
  private readonly plans: ChainPlan[];
  private readonly writers: InstanceProcess[];
  /** Per writer, per transfer: the sender's event and the receiver's. */
  private readonly events: [Expected, Expected][][];
  private readonly expected = new Map<string, Expected>();
  private unexpected = 0;

  /**
   * Splits rate and players over `writers` chains. Each chain's stride is as long as its share of
   * the players allows (the start funded beforehand): a transfer then waits on its sender's money
   * only if its writer fell that many transfers behind, so the chain times the writes, not itself.
   */
  constructor(databaseUrl: string, players: readonly BenchPlayer[], rate: number, seconds: number, writers: number) {
    if (rate % writers) throw new Error(`${rate} transfers a second do not split over ${writers} writers`);
    const share = rate / writers;
    const perWriter = Math.floor(players.length / writers);
    const stride = perWriter - share * seconds;
    if (stride < share)
      throw new Error(`${rate * seconds} transfers need ${(share * seconds + share) * writers} players`);
    this.plans = Array.from({ length: writers }, (_, w) => ({
      userIds: players.slice(w * perWriter, (w + 1) * perWriter).map((p) => p.userId),
      rate: share,
      seconds,
      stride,
    }));
    this.events = this.plans.map((plan) =>
      Array.from({ length: chainLength(plan) }, (_, k) => {
        const { from, to } = chainLink(plan, k);
        return [this.expect(from, 0), this.expect(to, AMOUNT)];
      }),
    );
    this.writers = this.plans.map((_, w) => spawnInstance(WRITER, [String(w)], databaseUrl, WRITER_NODE_ARGS));
  }

  /** Has each writer fund the start of its chain (before any socket opens) and wait. */
  async fund(): Promise<void> {
    this.plans.forEach((plan, w) => this.writers[w]!.send(JSON.stringify(plan)));
    for (const writer of this.writers) {
      const line = await writer.next();
      if (line !== 'ready') throw new Error(`writer said ${line} instead of ready`);
    }
  }

  /** Starts every writer at once; resolves when all are done. */
  async run(): Promise<TransferRun> {
    for (const writer of this.writers) writer.send('go');
    const results = await Promise.all(this.writers.map(async (w) => JSON.parse(await w.next()) as WriterResult));
    await Promise.all(this.writers.map((w) => w.finished()));
    const commits: number[] = [];
    results.forEach((result, w) =>
      result.committedAt.forEach((at, k) => {
        if (at === null) return;
        commits.push(at);
        for (const e of this.events[w]![k]!) e.committedAt = at;
      }),
    );
    const total = this.plans.reduce((n, plan) => n + chainLength(plan), 0);
    const span = (Math.max(...commits) - Math.min(...commits)) / 1000;
    return {
      perSecond: (commits.length - 1) / span,
      committed: commits.length,
      failed: total - commits.length,
      waited: results.reduce((n, r) => n + r.waited, 0),
      writerLoopDelayP99: Math.max(...results.map((r) => r.loopDelayP99)),
      writerCpuMsPerTransfer: results.reduce((ms, r) => ms + r.cpuMs, 0) / commits.length,
    };
  }

  /** Records a player's live event (connectPlayers' onEvent; `at` from monotonicMs). */
  onEvent = (userId: number, text: string, at: number): void => {
    const event = JSON.parse(text) as { type: string; balance?: number };
    if (event.type !== 'BALANCE_UPDATED') return;
    const expected = this.expected.get(key(userId, event.balance ?? NaN));
    if (!expected || !Number.isNaN(expected.arrivedAt)) this.unexpected += 1;
    else expected.arrivedAt = at;
  };

  /** After run: every committed transfer's events. */
  delivery(): Delivery {
    const latencies: number[] = [];
    let lost = 0;
    // An event of a transfer that failed.
    let unexpected = this.unexpected;
    for (const e of this.expected.values()) {
      if (Number.isNaN(e.committedAt)) unexpected += Number.isNaN(e.arrivedAt) ? 0 : 1;
      else if (Number.isNaN(e.arrivedAt)) lost += 1;
      else latencies.push(Math.max(0, e.arrivedAt - e.committedAt));
    }
    return { latencies: latencies.sort((a, b) => a - b), lost, unexpected };
  }

  /**
   * Where in the run the deliveries slower than `threshold` ms fell, by second since the first
   * commit: bunched in one second, a pause (the server's collector, a process descheduled);
   * spread over the run, a steady queue.
   */
  slowestBySecond(threshold: number): string {
    const committed = [...this.expected.values()].filter((e) => !Number.isNaN(e.committedAt));
    const start = Math.min(...committed.map((e) => e.committedAt));
    const bySecond = new Map<number, number>();
    for (const e of committed) {
      if (!(e.arrivedAt - e.committedAt > threshold)) continue;
      const second = Math.floor((e.committedAt - start) / 1000);
      bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
    }
    const seconds = [...bySecond].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
    return `deliveries slower than ${threshold.toFixed(1)} ms (p99), by second of the run: ${seconds.join(', ') || 'none'}`;
  }

  /** Stops the writers still running (after a failure). */
  kill(): void {
    for (const writer of this.writers) writer.kill();
  }

  private expect(userId: number, balance: number): Expected {
    const expected = { committedAt: NaN, arrivedAt: NaN };
    this.expected.set(key(userId, balance), expected);
    return expected;
  }
}

const key = (userId: number, balance: number) => `${userId}:${balance}`;
