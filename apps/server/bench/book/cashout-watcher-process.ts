import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { API_PREFIX, PING_INTERVAL_MS } from '@breakshot/contracts';
import { monotonicMs } from '../lib/clock.js';
import type { BenchPlayer } from '../lib/players.js';
import { HeldSockets } from '../live/held-sockets.js';

/*
 * A share of the cash-out benchmark's watching players, in a process of its own (cashout-watchers.ts
 * spawns it, as watchers.ts spawns the feed benchmark's guests): each player's live socket, opened
 * as the player app opens it (a one-use ticket from POST getWss, then /ws?token=<ticket>), pinging
 * every PING_INTERVAL_MS. Each player has one open bet on the watched match, so with each feed move
 * of it the server sends the socket CASHOUT_VALUES (taiqiu/cashout/review.ts); every socket also
 * hears each match's MATCH_UPDATED.
 *
 * Each message of the kind measured is timed (monotonicMs) the moment it arrives, found by its raw
 * bytes (the marker, e.g. '"type":"CASHOUT_VALUES"', or a match's '"type":"MATCH_UPDATED","matchId":3,'
 * for the yardstick), neither decoded nor parsed (parsing would delay the timing of the arrivals
 * after it in this process). Nothing in CASHOUT_VALUES names the feed move it follows: it
 * carries the bets' values (betNo, runningStake, value, unavailable, autoAt), which need not change
 * from one visit to the next, and no sequence number or match state. So the process keeps every
 * arrival of each socket, and the benchmark (cashout.bench.ts) takes a socket's first arrival after
 * a visit was posted, and before the next one was, as that visit's copy. The benchmark posts the
 * next visit only once every socket has had its copy (it asks "count") and at least 2 s after the
 * one before, so the copies of two visits do not overlap and none is taken for another's.
 *
 * In (lines on stdin): the plan (JSON: base, players); it opens their sockets and prints "open".
 * "measure <marker>" forgets the arrivals so far, times the messages holding the marker from then
 * on, and starts its lag monitor; "count" prints how many arrived since; "take" prints the
 * arrivals as a WatchedArrivals (JSON); "report" prints a CashoutWatcherReport (JSON), closes the
 * sockets and exits.
 */

export interface CashoutWatcherPlan {
  base: string;
  players: BenchPlayer[];
}

export interface WatchedArrivals {
  /** This process's event-loop delay p99 between "measure" and "take", ms. */
  loopDelayP99: number;
  /** Per socket (the plan's order): the arrival instants of the marked messages since "measure" (monotonicMs). */
  arrivals: number[][];
  /** The size of the last marked message, bytes. */
  bytes: number;
}

export interface CashoutWatcherReport {
  open: number;
  /** Sockets the server closed (or that failed) after they had opened. */
  dropped: number;
}

const input = createInterface({ input: process.stdin });
const lines = input[Symbol.asyncIterator]();
const nextLine = async () => (await lines.next()).value as string | undefined;

const plan = JSON.parse((await nextLine()) ?? '{}') as CashoutWatcherPlan;
const arrivals: number[][] = plan.players.map(() => []);
let counted = 0;
let bytes = 0;
const sockets = new HeldSockets();

/** What the messages timed hold (measure); none is timed before the first measure. */
let marker: Buffer | null = null;

/** The handler of socket `n`'s messages: the arrival timed first, the bytes searched, never decoded. */
function onMessageOf(n: number) {
  const list = arrivals[n]!;
  return (raw: WebSocket.RawData) => {
    const at = monotonicMs();
    const data = Buffer.isBuffer(raw) ? raw : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]);
    // `pong` and the messages of other kinds (every player's socket hears the public channel) pass by.
    if (marker === null || data.length < 32 || data.indexOf(marker) < 0) return;
    bytes = data.length;
    list.push(at);
    counted += 1;
  };
}

async function ticketOf(token: string): Promise<string> {
  const res = await fetch(`${plan.base}${API_PREFIX}/getWss`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (!body.data?.token) throw new Error(`getWss: HTTP ${res.status} ${body.code} ${body.msg}`);
  return body.data.token;
}

async function connect(n: number): Promise<void> {
  const ticket = await ticketOf(plan.players[n]!.token);
  const socket = new WebSocket(`${plan.base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(ticket)}`, {
    perMessageDeflate: false,
    // The server's text is not checked here: that check's time would be in every arrival after it.
    skipUTF8Validation: true,
  });
  socket.on('message', onMessageOf(n));
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
let next = 0;
await Promise.all(
  Array.from({ length: 64 }, async () => {
    for (let i = next++; i < plan.players.length; i = next++) await connect(i);
  }),
);
console.log('open');

const lag = monitorEventLoopDelay({ resolution: 10 });
for (let line = await nextLine(); line !== undefined; line = await nextLine()) {
  if (line.startsWith('measure ')) {
    for (const list of arrivals) list.length = 0;
    counted = 0;
    marker = Buffer.from(line.slice('measure '.length));
    lag.reset();
    lag.enable();
  } else if (line === 'count') {
    console.log(String(counted));
  } else if (line === 'take') {
    lag.disable();
    const taken: WatchedArrivals = {
      loopDelayP99: lag.percentile(99) / 1e6,
      // To the µs: the line stays a few MB.
      arrivals: arrivals.map((list) => list.map((at) => Math.round(at * 1000) / 1000)),
      bytes,
    };
    console.log(JSON.stringify(taken));
  } else if (line === 'report') break;
}
input.close();
const report: CashoutWatcherReport = { open: sockets.open(), dropped: sockets.dropped() };
await sockets.close();
// Written whole before the process ends (a pipe's writes are asynchronous).
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
