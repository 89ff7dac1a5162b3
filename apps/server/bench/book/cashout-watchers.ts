import { fileURLToPath } from 'node:url';
import { spawnInstance, type InstanceProcess } from '../lib/instance-process.js';
import type { BenchPlayer } from '../lib/players.js';
import type { CashoutWatcherPlan, CashoutWatcherReport, WatchedArrivals } from './cashout-watcher-process.js';

/*
 * The cash-out benchmark's watching players: one live socket per player, the players split over
 * `processes` processes (cashout-watcher-process.ts), as watchers.ts splits the feed benchmark's
 * guests, so the arrivals are timed in event loops other than the server's and no one loop takes
 * them all.
 */

const WATCHER = fileURLToPath(new URL('./cashout-watcher-process.ts', import.meta.url));

export interface WatchersArrivals {
  /** The worst of the processes' event-loop delay p99 while measuring, ms. */
  loopDelayP99: number;
  /** Per socket: its marked messages' arrival instants since measure() (monotonicMs), ascending. */
  arrivals: number[][];
  /** The size of a marked message (a CASHOUT_VALUES of one bet), bytes. */
  bytes: number;
}

export class CashoutWatchers {
  private readonly children: InstanceProcess[] = [];

  /** Opens every player's socket (rejects if any is refused). */
  static async open(base: string, players: readonly BenchPlayer[], processes: number): Promise<CashoutWatchers> {
    const watchers = new CashoutWatchers();
    const share = Math.ceil(players.length / processes);
    for (let p = 0; p < processes; p += 1) {
      const plan: CashoutWatcherPlan = { base, players: players.slice(p * share, (p + 1) * share) };
      const child = spawnInstance(WATCHER, [], '');
      watchers.children.push(child);
      child.send(JSON.stringify(plan));
    }
    for (const child of watchers.children) {
      const line = await child.next();
      if (line !== 'open') throw new Error(`cash-out watcher process said ${line} instead of open`);
    }
    return watchers;
  }

  /**
   * Starts a measured run of the messages holding `marker` (their raw bytes, e.g.
   * '"type":"CASHOUT_VALUES"'): the arrivals so far forgotten, the processes' lag monitors on.
   */
  measure(marker: string): void {
    for (const child of this.children) child.send(`measure ${marker}`);
  }

  /** Marked messages received since measure(), every socket's. */
  async count(): Promise<number> {
    for (const child of this.children) child.send('count');
    const counts = await Promise.all(this.children.map(async (c) => Number(await c.next())));
    return counts.reduce((a, b) => a + b, 0);
  }

  /** Every socket's arrivals since measure(). */
  async take(): Promise<WatchersArrivals> {
    for (const child of this.children) child.send('take');
    const taken = await Promise.all(this.children.map(async (c) => JSON.parse(await c.next()) as WatchedArrivals));
    return {
      loopDelayP99: Math.max(...taken.map((r) => r.loopDelayP99)),
      arrivals: taken.flatMap((r) => r.arrivals),
      bytes: Math.max(...taken.map((r) => r.bytes)),
    };
  }

  /** Ends the runs: the sockets open until then and those dropped; the sockets closed, the processes ended. */
  async report(): Promise<CashoutWatcherReport> {
    for (const child of this.children) child.send('report');
    const reports = await Promise.all(
      this.children.map(async (c) => JSON.parse(await c.next()) as CashoutWatcherReport),
    );
    await Promise.all(this.children.map((c) => c.finished()));
    const sum = (f: (r: CashoutWatcherReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    return { open: sum((r) => r.open), dropped: sum((r) => r.dropped) };
  }

  kill(): void {
    for (const child of this.children) child.kill();
  }
}
