/*
 * Feed event to sockets. One built server (one worker per core, as deployed) on a scratch
 * PostgreSQL database; WATCHERS guests' sockets on the public channel, held by WATCHER_PROCESSES
 * processes of their own (watchers.ts), each socket pinging every 5 s. A feed provider plays a
 * live match and posts VISITS visits, one every INTERVAL_MS, each a batch of one event
 * (POST /feed/{id}/events, signed). Each visit re-prices the book and the server sends
 * MATCH_UPDATED, carrying the visit, to every socket on commit (NOTIFY to every instance, which
 * writes it to its own sockets).
 *
 * Timing, per visit and socket: from the instant the feed call's answer has arrived here to the
 * instant the socket's copy of MATCH_UPDATED arrives in its process (monotonicMs, one clock for
 * every process). A copy that came before the answer counts 0 (they are sent concurrently).
 * Budget: p95 ≤ 200 ms over every (visit, socket); every socket gets every visit. Also printed:
 * the feed call's own time, how long each visit's fan-out took (first copy to last), the watcher
 * processes' own event-loop delay (it delays every arrival they time), the message's size.
 *
 * BOOK_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof-feed") starts the server with
 * those node options.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicMs, since } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { startBookServer } from './book-server.js';
import { FeedMatch, feedProvider, postEvents } from './feed.js';
import { feedMatchId } from './seed.js';
import { Watchers } from './watchers.js';

const WATCHERS = 10_000;
const WATCHER_PROCESSES = 2;
const VISITS = 40;
const INTERVAL_MS = 500;
const P95_BUDGET_MS = 200;
/** Quiet time once every socket is open: a whole ping round. */
const STEADY_MS = 6_000;
/** How long the last visit's copies may take before they count as missing. */
const GRACE_MS = 3_000;
const PORT = 3391;

interface Visit {
  /** Its keys as the watchers name it: by the visit's sequence number, or by the frame's points after it. */
  keys: [string, string];
  sentAt: number;
  answeredAt: number;
}

await withScratchDatabase(async (database, url) => {
  const server = await startBookServer(url, PORT);
  let watchers: Watchers | undefined;
  try {
    const link = await feedProvider(server);
    const match = new FeedMatch('watched');
    await postEvents(link, [match.scheduled(7, new Date()), match.started(), match.frameStarted('a')]);
    const matchId = await feedMatchId(database, link.id, match.ref);

    const t = monotonicMs();
    watchers = await Watchers.open(server.base, matchId, WATCHERS, WATCHER_PROCESSES);
    console.log(`${WATCHERS} guests' sockets open in ${since(t)} (${WATCHER_PROCESSES} processes)`);
    await sleep(STEADY_MS);

    watchers.measure();
    const visits: Visit[] = [];
    const start = monotonicMs();
    for (let k = 0; k < VISITS; k += 1) {
      const wait = start + k * INTERVAL_MS - monotonicMs();
      if (wait > 0) await sleep(wait);
      // Every visit scores, so the frame's points name it too (for a server that does not send the visit).
      const event = match.visit(k % 2 ? 'b' : 'a', 1 + (k % 3));
      const posted = await postEvents(link, [event]);
      visits.push({
        keys: [`v${event.seq}`, `p${match.points.a}:${match.points.b}`],
        sentAt: posted.sentAt,
        answeredAt: posted.answeredAt,
      });
    }
    await sleep(GRACE_MS);
    const report = await watchers.report();
    watchers = undefined;

    const latencies: number[] = [];
    /** Per visit: the answer → its first copy (the server's own part: commit, NOTIFY, the first write), and first → last copy. */
    const firsts: number[] = [];
    const fanOuts: number[] = [];
    let early = 0;
    let missing = 0;
    const byVisit: string[] = [];
    for (const v of visits) {
      const arrivals = report.arrivals.get(v.keys[0]) ?? report.arrivals.get(v.keys[1]) ?? [];
      missing += Math.max(0, report.open - arrivals.length);
      for (const at of arrivals) {
        if (at < v.answeredAt) early += 1;
        latencies.push(Math.max(0, at - v.answeredAt));
      }
      if (arrivals.length > 0) {
        const first = Math.min(...arrivals);
        const last = Math.max(...arrivals);
        firsts.push(first - v.answeredAt);
        fanOuts.push(last - first);
        byVisit.push(`${Math.round(last - v.answeredAt)}`);
      }
    }
    latencies.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    fanOuts.sort((a, b) => a - b);
    const calls = visits.map((v) => v.answeredAt - v.sentAt).sort((a, b) => a - b);
    const p = (list: number[], n: number) => (list.length ? percentile(list, n) : NaN);
    console.log(
      `${visits.length} visits, ${latencies.length} copies received (${early} before the feed call's answer), ` +
        `${missing} missing, ${report.unnamed} unnamed; MATCH_UPDATED ${report.bytes} bytes; ` +
        `feed call p50 ${p(calls, 50).toFixed(1)} ms, max ${p(calls, 100).toFixed(1)} ms; ` +
        `answer → first copy p50 ${p(firsts, 50).toFixed(1)} ms, max ${p(firsts, 100).toFixed(1)} ms; ` +
        `fan-out (first copy to last) p50 ${p(fanOuts, 50).toFixed(1)} ms, max ${p(fanOuts, 100).toFixed(1)} ms; ` +
        `watchers' event-loop delay p99 ${report.loopDelayP99.toFixed(1)} ms; ${report.dropped} sockets dropped`,
    );
    console.log(`answer → last socket, ms, by visit: ${byVisit.join(' ')}`);
    const open = report.open;
    benchRow({
      bench: 'book-feed',
      case: 'sockets held',
      figure: open,
      unit: 'sockets',
      budget: `>= ${WATCHERS}`,
      ok: open >= WATCHERS,
    });
    benchRow({
      bench: 'book-feed',
      case: 'feed answer → MATCH_UPDATED p50',
      figure: roundToTenth(p(latencies, 50)),
      unit: 'ms',
      budget: 'info',
      ok: true,
    });
    benchRow({
      bench: 'book-feed',
      case: 'feed answer → MATCH_UPDATED p95',
      figure: roundToTenth(p(latencies, 95)),
      unit: 'ms',
      budget: `<= ${P95_BUDGET_MS} ms`,
      ok: p(latencies, 95) <= P95_BUDGET_MS,
    });
    benchRow({
      bench: 'book-feed',
      case: 'feed answer → MATCH_UPDATED p99',
      figure: roundToTenth(p(latencies, 99)),
      unit: 'ms',
      budget: 'info',
      ok: true,
    });
    benchRow({
      bench: 'book-feed',
      case: `copies received (${VISITS} visits × sockets)`,
      figure: latencies.length,
      unit: 'copies',
      budget: `= ${VISITS * WATCHERS} (none missing)`,
      ok: latencies.length === VISITS * WATCHERS && missing === 0,
    });
  } finally {
    watchers?.kill();
    await server.stop();
  }
});
