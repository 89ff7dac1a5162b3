import { fileURLToPath } from 'node:url';
import { spawnInstance, type InstanceProcess } from '../lib/instance-process.js';
import type { BenchPlayer } from '../lib/players.js';
import type { ClientReport } from './client-process.js';
import type { OnEvent } from './clients.js';

/*
 * The live benchmark's client ends, split over `processes` processes (client-process.ts), each
 * holding its share of the players' sockets. Arrival instants are taken in them on the machine's
 * monotonic clock (clock.ts) and sent back only once the measured run is over.
 */

const CLIENT = fileURLToPath(new URL('./client-process.ts', import.meta.url));

export interface FleetReport {
  held: number;
  dropped: number;
  latePongs: number;
  /** The worst of the client processes' event-loop delay p99 while measuring, ms. */
  loopDelayP99: number;
}

export class ClientFleet {
  private readonly children: InstanceProcess[] = [];

  /** Opens every player's socket (rejects if any is refused). */
  static async open(base: string, players: readonly BenchPlayer[], processes: number): Promise<ClientFleet> {
    const fleet = new ClientFleet();
    const share = Math.ceil(players.length / processes);
    for (let p = 0; p < processes; p += 1) {
      const child = spawnInstance(CLIENT, [], '');
      fleet.children.push(child);
      child.send(JSON.stringify({ base, players: players.slice(p * share, (p + 1) * share) }));
    }
    for (const child of fleet.children) {
      const line = await child.next();
      if (line !== 'open') throw new Error(`client process said ${line} instead of open`);
    }
    return fleet;
  }

  /** Starts the measured run (the client processes' lag monitors). */
  measure(): void {
    for (const child of this.children) child.send('measure');
  }

  /** Ends the run: hands every event received to `onEvent`, closes the sockets. */
  async report(onEvent: OnEvent): Promise<FleetReport> {
    for (const child of this.children) child.send('report');
    const reports = await Promise.all(this.children.map(async (c) => JSON.parse(await c.next()) as ClientReport));
    await Promise.all(this.children.map((c) => c.finished()));
    for (const report of reports) for (const [userId, text, at] of report.events) onEvent(userId, text, at);
    const sum = (f: (r: ClientReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    return {
      held: sum((r) => r.open),
      dropped: sum((r) => r.dropped),
      latePongs: sum((r) => r.latePongs),
      loopDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
    };
  }

  /** Stops the client processes still running (after a failure). */
  kill(): void {
    for (const child of this.children) child.kill();
  }
}
