import { parentLines } from '../lib/parent-lines.js';
import type { BenchPlayer } from '../lib/players.js';
import { connectPlayers } from './clients.js';

/*
 * A share of the live benchmark's sockets, in a process of its own (fleet.ts spawns it): one
 * process's event loop holding all 19,000 client ends lags by tens of ms, and that lag would show
 * in every arrival time it takes. It talks in lines (parent-lines.ts). In: the server's base URL
 * and its players (JSON); it opens their sockets and prints "open". Then "measure" starts its lag
 * monitor, and "report" prints a ClientReport (JSON) and closes the sockets.
 */

export interface ClientReport {
  open: number;
  dropped: number;
  latePongs: number;
  /** This process's event-loop delay p99 between "measure" and "report", ms. */
  loopDelayP99: number;
  /** Every event received: user id, text, arrival (monotonicMs). */
  events: [number, string, number][];
}

const parent = parentLines();
const { base, players } = (await parent.plan()) as { base: string; players: BenchPlayer[] };
const events: ClientReport['events'] = [];
const fleet = await connectPlayers(base, players, (userId, text, at) => events.push([userId, text, at]));
const loopDelayP99 = await parent.measuredRun();
const report: ClientReport = {
  open: fleet.open(),
  dropped: fleet.dropped(),
  latePongs: fleet.latePongs(),
  loopDelayP99,
  events,
};
console.log(JSON.stringify(report));
await fleet.close();
