import WebSocket from 'ws';
import { PING_INTERVAL_MS } from '@breakshot/contracts';
import { monotonicMs } from '../lib/clock.js';
import { parentLines } from '../lib/parent-lines.js';
import { HeldSockets } from '../live/held-sockets.js';

/*
 * A share of the feed benchmark's watchers, in a process of its own (watchers.ts spawns it, as the
 * live benchmark's fleet.ts spawns its client processes): guests' sockets on the public channel
 * (GET /ws, no token), as the match page opens one for a visitor. The server caps a client IP at
 * MAX_GUESTS_PER_IP guests, so the sockets come from many loopback addresses (127.x.y.z, each a
 * client IP to the server). Each socket pings every PING_INTERVAL_MS.
 *
 * Each MATCH_UPDATED of the watched match is timed (monotonicMs) the moment it arrives, before
 * anything else is done with it, and named by the visit it carries (`visit.seq`), or, from a
 * server that does not send the visit, by the frame's points (unique per visit in the benchmark:
 * every visit scores). The bytes are searched for those, neither decoded nor parsed: parsing every
 * socket's copy of a few kilobytes would delay the timing of the arrivals after it in this process.
 *
 * In (parent-lines.ts): one line of JSON (WatcherPlan); it opens the sockets and prints "open".
 * "measure" starts its lag monitor; "report" closes the sockets and prints a WatcherReport (JSON).
 */

export interface WatcherPlan {
  base: string;
  matchId: number;
  /** The local addresses to connect from, and how many sockets from each. */
  sources: { address: string; sockets: number }[];
}

export interface WatcherReport {
  open: number;
  /** Sockets the server closed (or that failed) after they had opened. */
  dropped: number;
  /** This process's event-loop delay p99 between "measure" and "report", ms. */
  loopDelayP99: number;
  /** Per event key ("v<seq>" or "p<a>:<b>"): the arrival instants (monotonicMs), one per socket that got it. */
  arrivals: Record<string, number[]>;
  /** MATCH_UPDATED of the match whose key could not be read. */
  unnamed: number;
  /** The size of the last MATCH_UPDATED of the match, bytes. */
  bytes: number;
}

const parent = parentLines();
const plan = (await parent.plan()) as WatcherPlan;
const arrivals = new Map<string, number[]>();
let unnamed = 0;
let bytes = 0;
const sockets = new HeldSockets();

const MATCH_UPDATED = Buffer.from('"type":"MATCH_UPDATED"');
const OF_MATCH = Buffer.from(`"matchId":${plan.matchId},`);
const VISIT_SEQ = Buffer.from('"visit":{"seq":');
const FRAME_POINTS = Buffer.from('"points":{"a":');

/** The digits at `at` in `data`, as a number (NaN when none). */
function numberAt(data: Buffer, at: number): number {
  let n = 0;
  let i = at;
  for (; i < data.length && data[i]! >= 48 && data[i]! <= 57; i += 1) n = n * 10 + data[i]! - 48;
  return i === at ? NaN : n;
}

/** The event's key: its visit's feed sequence number, else the frame's points; null if neither. */
function keyOf(data: Buffer): string | null {
  const visit = data.indexOf(VISIT_SEQ);
  if (visit >= 0) return `v${numberAt(data, visit + VISIT_SEQ.length)}`;
  const points = data.indexOf(FRAME_POINTS);
  if (points < 0) return null;
  const a = numberAt(data, points + FRAME_POINTS.length);
  const b = numberAt(data, data.indexOf('"b":', points) + 4);
  return Number.isNaN(a) || Number.isNaN(b) ? null : `p${a}:${b}`;
}

/** Each arrival timed first; the text searched as bytes, never decoded nor parsed. */
function onMessage(this: WebSocket & { lastKey?: string }, raw: WebSocket.RawData) {
  const at = monotonicMs();
  const data = Buffer.isBuffer(raw) ? raw : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]);
  if (data.length < 64 || data.indexOf(MATCH_UPDATED) < 0 || data.indexOf(OF_MATCH) < 0) return;
  bytes = data.length;
  const key = keyOf(data);
  if (key === null) {
    unnamed += 1;
    return;
  }
  // Another update of the same state (not a visit's) is not a second arrival.
  if (this.lastKey === key) return;
  this.lastKey = key;
  let list = arrivals.get(key);
  if (!list) arrivals.set(key, (list = []));
  list.push(at);
}

async function connect(localAddress: string, n: number): Promise<void> {
  const socket = new WebSocket(`${plan.base.replace(/^http/, 'ws')}/ws`, {
    localAddress,
    perMessageDeflate: false,
    // The server's text is not checked here: that check's time would be in every arrival after it.
    skipUTF8Validation: true,
  });
  socket.on('message', onMessage);
  await sockets.hold(socket);
  // Pings spread over the interval, so they do not all arrive at once.
  const ping = () =>
    socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
  setTimeout(
    () => {
      ping();
      setInterval(ping, PING_INTERVAL_MS).unref();
    },
    (n * 37) % PING_INTERVAL_MS,
  ).unref();
}

// 64 at a time, as the live benchmark opens its sockets.
const targets = plan.sources.flatMap(({ address, sockets: n }) => Array.from({ length: n }, () => address));
let next = 0;
await Promise.all(
  Array.from({ length: 64 }, async () => {
    for (let i = next++; i < targets.length; i = next++) await connect(targets[i]!, i);
  }),
);
const loopDelayP99 = await parent.measuredRun();
const report: WatcherReport = {
  open: sockets.open(),
  dropped: sockets.dropped(),
  loopDelayP99,
  // To the µs: the line stays a few MB.
  arrivals: Object.fromEntries(
    [...arrivals].map(([key, list]) => [key, list.map((at) => Math.round(at * 1000) / 1000)]),
  ),
  unnamed,
  bytes,
};
await sockets.close();
// Written whole before the process ends (a pipe's writes are asynchronous).
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
