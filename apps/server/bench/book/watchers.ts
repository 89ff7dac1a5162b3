import { fileURLToPath } from 'node:url';
import { MAX_GUESTS_PER_IP } from '../../src/platform/live/hub.js';
import { spawnInstance, type InstanceProcess } from '../lib/instance-process.js';
import type { WatcherPlan, WatcherReport } from './watcher-process.js';

/*
 * The feed benchmark's watchers: `count` guests' sockets split over `processes` processes
 * (watcher-process.ts), as the live benchmark splits its players' (live/fleet.ts), so the arrivals
 * are timed in event loops other than the server's and no one loop takes them all. Each process
 * connects from loopback addresses of its own (127.<10 + its number>.y.z), PER_ADDRESS from each:
 * below the server's cap of guests per client IP.
 */

const WATCHER = fileURLToPath(new URL('./watcher-process.ts', import.meta.url));
const PER_ADDRESS = Math.min(40, MAX_GUESTS_PER_IP);

export interface WatchersReport {
  open: number;
  dropped: number;
  /** The worst of the processes' event-loop delay p99 while measuring, ms. */
  loopDelayP99: number;
  /** Per event key: every socket's arrival instant (monotonicMs). */
  arrivals: Map<string, number[]>;
  unnamed: number;
  /** The size of a MATCH_UPDATED of the match, bytes. */
  bytes: number;
}

export class Watchers {
  private readonly children: InstanceProcess[] = [];

  /** Opens every socket (rejects if any is refused). */
  static async open(base: string, matchId: number, count: number, processes: number): Promise<Watchers> {
    const watchers = new Watchers();
    const share = Math.ceil(count / processes);
    for (let p = 0; p < processes; p += 1) {
      const mine = Math.min(share, count - p * share);
      const sources = Array.from({ length: Math.ceil(mine / PER_ADDRESS) }, (_, i) => ({
        address: `127.${10 + p}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        sockets: Math.min(PER_ADDRESS, mine - i * PER_ADDRESS),
      }));
      const plan: WatcherPlan = { base, matchId, sources };
      const child = spawnInstance(WATCHER, [], '');
      watchers.children.push(child);
      child.send(JSON.stringify(plan));
    }
    for (const child of watchers.children) {
      const line = await child.next();
      if (line !== 'open') throw new Error(`watcher process said ${line} instead of open`);
    }
    return watchers;
  }

  measure(): void {
    for (const child of this.children) child.send('measure');
  }

  async report(): Promise<WatchersReport> {
    for (const child of this.children) child.send('report');
    const reports = await Promise.all(this.children.map(async (c) => JSON.parse(await c.next()) as WatcherReport));
    await Promise.all(this.children.map((c) => c.finished()));
    const arrivals = new Map<string, number[]>();
    for (const r of reports) {
      for (const [key, list] of Object.entries(r.arrivals)) arrivals.set(key, [...(arrivals.get(key) ?? []), ...list]);
    }
    const sum = (f: (r: WatcherReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    return {
      open: sum((r) => r.open),
      dropped: sum((r) => r.dropped),
      loopDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
      arrivals,
      unnamed: sum((r) => r.unnamed),
      bytes: Math.max(...reports.map((r) => r.bytes)),
    };
  }

  kill(): void {
    for (const child of this.children) child.kill();
  }
}
