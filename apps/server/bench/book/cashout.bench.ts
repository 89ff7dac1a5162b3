/*
 * Cash-out (提前结算). One built server (one worker per core, as deployed) on a scratch PostgreSQL
 * database; a feed provider plays three live matches (frame 1 on, markets open). Two cases, the
 * issue's acceptance, each beside a yardstick measured in the same run:
 *
 * 1. A quote with 500 open bets on the player. One player holds QUOTE_BETS open bets on the
 *    match 'quoted' (seed.ts seedOpenBets: each as placed before the match began, spread over
 *    every pick still open). Over the bets whose value is available (the values call says; a bet
 *    on a suspended market or worth nothing gets a 422), QUOTES quotes one after another through
 *    HTTP (POST /taiqiu/cashout/quote, a kept connection), each timed from its sending to its
 *    whole answer, after WARMUP untimed ones. Budget: p99 ≤ 50 ms, none failed. Yardstick: as many
 *    user/info calls (the lightest call with a session) of the same player on the same connection,
 *    one at a time, just before; the ratio is quote p99 / user/info p99. Also printed: the
 *    same number of quotes CONCURRENT at a time (p50, p99), and POST /taiqiu/cashout/values of all
 *    500 (p50, max of VALUES_CALLS).
 * 2. Live values at 10,000 watching sockets. WATCHERS players, each with one open bet on the
 *    match 'watched' and one live socket (opened as the player app does: getWss ticket, then
 *    /ws), the sockets held by WATCHER_PROCESSES processes of their own (cashout-watchers.ts,
 *    cashout-watcher-process.ts). The feed posts VISITS visits; with each visit's MATCH_UPDATED
 *    every server instance sends each of its players with an open bet on the match CASHOUT_VALUES
 *    (taiqiu/cashout/values-rider.ts, cashout/review.ts). Timing, per visit and socket:
 *    from the instant the feed call's answer arrived here to the instant the socket's copy arrived
 *    in its process (monotonicMs, one clock for every process); a copy that came before the answer
 *    counts 0. CASHOUT_VALUES does not name the visit it follows (cashout-watcher-process.ts says
 *    why), so a socket's copy of a visit is its first CASHOUT_VALUES after that visit was posted
 *    and before the next one was, and the next visit is posted only once every socket has had its
 *    copy (COPY_DEADLINE_MS at most) and MIN_GAP_MS after the one before: the copies of two visits
 *    do not overlap. Budget: p95 ≤ 300 ms over every (visit, socket); every socket gets every visit.
 *    Yardstick: first, VISITS visits of the third match, on which no one has a bet, timed the same
 *    way to each socket's MATCH_UPDATED of it: the match's news to the same sockets with no value
 *    to work out; the ratio is values p95 / news p95.
 *    Also printed: the feed call's own time; per visit, the answer → its first copy (the news
 *    published, then each instance's reading of its players' bets and their values) and → its
 *    last copy; the watcher processes' event-loop delay; the message's size.
 *
 * BOOK_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof-cashout") starts the server
 * with those node options; BOOK_CASHOUT_WATCHERS another count of watching players (for a quick
 * try; the budget is for 10,000); BOOK_ACTIVITY=1 prints the statements the database was running
 * while the visits were reviewed (activity.ts).
 */
import { Agent } from 'node:http';
import { postText } from '../lib/http-post.js';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX, auth, cashout } from '@breakshot/contracts';
import { monotonicMs, since } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import { createPlayers, type BenchPlayer } from '../lib/players.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import type { RunningServer } from '../lib/server.js';
import { sampleActivity } from './activity.js';
import { startBookServer } from './book-server.js';
import { CashoutWatchers } from './cashout-watchers.js';
import { FeedMatch, feedProvider, postEvents } from './feed.js';
import { benchContext, feedMatchId, fundPlayers, seedOpenBets } from './seed.js';

const BENCH = 'book-cashout';
const STAKE = 1_000;
const PORT = 3393;

const QUOTE_BETS = 500;
const QUOTES = 400;
const WARMUP = 20;
const CONCURRENT = 8;
const VALUES_CALLS = 30;
const QUOTE_P99_BUDGET_MS = 50;

const WATCHERS = Number(process.env.BOOK_CASHOUT_WATCHERS ?? 10_000);
const WATCHER_PROCESSES = 2;
const VISITS = 20;
/** A visit is posted at least this long after the one before… */
const MIN_GAP_MS = 2_000;
/** …and once every socket has its copy of it, or this long after its answer. */
const COPY_DEADLINE_MS = 30_000;
/** Quiet time once every socket is open: a whole ping round. */
const STEADY_MS = 6_000;
/** How long the last visit's copies may take before they count as missing. */
const GRACE_MS = 3_000;
const VALUES_P95_BUDGET_MS = 300;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const p = (sorted: readonly number[], n: number) => (sorted.length ? percentile(sorted, n) : NaN);
const ascending = (list: number[]) => list.sort((a, b) => a - b);

/** Kept connections, as the player app keeps its own; at most CONCURRENT at once. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });

interface Answer<T> {
  ms: number;
  ok: boolean;
  data: T | undefined;
  text: string;
}

/** A player's call, timed from its sending to its whole answer; ok when HTTP 200 with code 200. */
async function timedCall<T>(server: RunningServer, path: string, token: string, body: unknown): Promise<Answer<T>> {
  const sentAt = monotonicMs();
  const { status, text } = await postText(
    `${server.base}${API_PREFIX}${path}`,
    JSON.stringify(body),
    { 'content-type': 'application/json', token },
    agent,
  );
  const ms = monotonicMs() - sentAt;
  const answer = status === 200 ? (JSON.parse(text) as { code: number; data: T }) : undefined;
  return { ms, ok: answer?.code === 200, data: answer?.data, text };
}

interface QuoteCase {
  available: number;
  sequential: number[];
  /** The yardstick: user/info (the lightest call with a session), one at a time, as many. */
  userInfo: number[];
  concurrent: number[];
  values: number[];
  failed: number;
  firstFailure: string | undefined;
}

/** Case 1: the quotes of one player's bets, the player holding QUOTE_BETS open bets. */
async function quoteCase(server: RunningServer, player: BenchPlayer): Promise<QuoteCase> {
  const valuesOf = () => timedCall<{ bets: cashout.CashoutValue[] }>(server, cashout.values.path, player.token, {});
  const first = await valuesOf();
  if (!first.ok || !first.data) throw new Error(`cashout/values: ${first.text.slice(0, 300)}`);
  if (first.data.bets.length !== QUOTE_BETS) throw new Error(`cashout/values gave ${first.data.bets.length} bets`);
  const available = first.data.bets.filter((b) => b.value !== null).map((b) => b.betNo);
  if (available.length === 0) throw new Error('no bet of the player can be cashed out');
  const values: number[] = [];
  for (let k = 0; k < VALUES_CALLS; k += 1) {
    const answer = await valuesOf();
    if (!answer.ok) throw new Error(`cashout/values: ${answer.text.slice(0, 300)}`);
    values.push(answer.ms);
  }

  let failed = 0;
  let firstFailure: string | undefined;
  let n = 0;
  const quote = async () => {
    const betNo = available[n++ % available.length]!;
    const answer = await timedCall<cashout.Quote>(server, cashout.quote.path, player.token, { betNo });
    if (!answer.ok) {
      failed += 1;
      firstFailure ??= answer.text.slice(0, 300);
    }
    return answer.ms;
  };
  const userInfo: number[] = [];
  for (let k = 0; k < WARMUP + QUOTES; k += 1) {
    const answer = await timedCall(server, auth.userInfo.path, player.token, {});
    if (!answer.ok) throw new Error(`user/info: ${answer.text.slice(0, 300)}`);
    if (k >= WARMUP) userInfo.push(answer.ms);
  }
  for (let k = 0; k < WARMUP; k += 1) await quote();
  failed = 0;
  firstFailure = undefined;
  const sequential: number[] = [];
  for (let k = 0; k < QUOTES; k += 1) sequential.push(await quote());
  const concurrent: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let k = 0; k < QUOTES / CONCURRENT; k += 1) concurrent.push(await quote());
    }),
  );
  return {
    available: available.length,
    sequential: ascending(sequential),
    userInfo: ascending(userInfo),
    concurrent: ascending(concurrent),
    values: ascending(values),
    failed,
    firstFailure,
  };
}

interface Visit {
  sentAt: number;
  answeredAt: number;
  /** Every socket had its copy before the next visit was posted. */
  complete: boolean;
}

/** The timed copies of one run of visits, every socket's. */
interface VisitsCase {
  latencies: number[];
  /** Per visit: its answer → its first copy, → its last copy (ms). */
  firsts: number[];
  lasts: number[];
  byVisit: string[];
  calls: number[];
  copies: number;
  early: number;
  /** Copies past a socket's first within one visit's window (a second copy of the same visit). */
  extra: number;
  missing: number;
  everyVisit: number;
  incomplete: number;
  loopDelayP99: number;
  bytes: number;
}

interface WatchCase {
  open: number;
  dropped: number;
  /** The yardstick: each socket's MATCH_UPDATED of a match no one has a bet on. */
  news: VisitsCase;
  /** Each socket's CASHOUT_VALUES of the watched match. */
  values: VisitsCase;
}

/** A match's visits and the marker of the messages timed after each. */
interface VisitRun {
  marker: string;
  play: (k: number) => Promise<{ sentAt: number; answeredAt: number }>;
}

/** Case 2: the yardstick's visits, then the watched match's, over the same sockets. */
async function watchCase(
  server: RunningServer,
  url: string,
  players: readonly BenchPlayer[],
  runs: { news: VisitRun; values: VisitRun },
): Promise<WatchCase> {
  let watchers: CashoutWatchers | undefined;
  try {
    const t = monotonicMs();
    watchers = await CashoutWatchers.open(server.base, players, WATCHER_PROCESSES);
    console.log(`${players.length} players' sockets open in ${since(t)} (${WATCHER_PROCESSES} processes)`);
    await sleep(STEADY_MS);
    const news = await timedVisits(watchers, players.length, runs.news);
    const activity = process.env.BOOK_ACTIVITY ? await sampleActivity(url) : null;
    const values = await timedVisits(watchers, players.length, runs.values);
    if (activity)
      console.log(`the database while the visits were reviewed:\n  ${(await activity.stop()).join('\n  ')}`);
    const report = await watchers.report();
    watchers = undefined;
    return { ...report, news, values };
  } finally {
    watchers?.kill();
  }
}

/**
 * VISITS visits, each posted once every socket has its copy of the one before (COPY_DEADLINE_MS at
 * most) and MIN_GAP_MS after it; a socket's copy of a visit is its first marked message after the
 * visit was posted and before the next one was.
 */
async function timedVisits(watchers: CashoutWatchers, sockets: number, run: VisitRun): Promise<VisitsCase> {
  watchers.measure(run.marker);
  const visits: Visit[] = [];
  for (let k = 0; k < VISITS; k += 1) {
    const wait = (visits.at(-1)?.sentAt ?? 0) + MIN_GAP_MS - monotonicMs();
    if (wait > 0) await sleep(wait);
    const posted = await run.play(k);
    let complete = false;
    while (monotonicMs() < posted.answeredAt + COPY_DEADLINE_MS) {
      if ((await watchers.count()) >= (k + 1) * sockets) {
        complete = true;
        break;
      }
      await sleep(50);
    }
    visits.push({ ...posted, complete });
  }
  await sleep(GRACE_MS);
  const taken = await watchers.take();

  const latencies: number[] = [];
  const firsts: number[] = [];
  const lasts: number[] = [];
  const byVisit: string[] = [];
  const gotAll = taken.arrivals.map(() => true);
  let early = 0;
  let extra = 0;
  let missing = 0;
  visits.forEach((v, k) => {
    const end = visits[k + 1]?.sentAt ?? Infinity;
    const copies: number[] = [];
    taken.arrivals.forEach((list, s) => {
      const inWindow = list.filter((at) => at >= v.sentAt && at < end);
      if (inWindow.length === 0) {
        missing += 1;
        gotAll[s] = false;
        return;
      }
      extra += inWindow.length - 1;
      const at = Math.min(...inWindow);
      if (at < v.answeredAt) early += 1;
      copies.push(at);
      latencies.push(Math.max(0, at - v.answeredAt));
    });
    if (copies.length > 0) {
      const first = Math.min(...copies);
      const last = Math.max(...copies);
      firsts.push(first - v.answeredAt);
      lasts.push(last - v.answeredAt);
      byVisit.push(`${Math.round(last - v.answeredAt)}`);
    } else byVisit.push('-');
  });
  return {
    latencies: ascending(latencies),
    firsts: ascending(firsts),
    lasts: ascending(lasts),
    byVisit,
    calls: ascending(visits.map((v) => v.answeredAt - v.sentAt)),
    copies: latencies.length,
    early,
    extra,
    missing,
    everyVisit: gotAll.filter(Boolean).length,
    incomplete: visits.filter((v) => !v.complete).length,
    loopDelayP99: taken.loopDelayP99,
    bytes: taken.bytes,
  };
}

/**
 * A figure beside its yardstick, for the table's baseline and ratio columns. The budgets are on the
 * figures themselves (the issue's), so these rows only inform: the runs' median of such a row is
 * the median ratio (bench/median.mjs).
 */
const toYardstick = (figure: number, yardstick: number) => ({
  figure: roundToTenth(figure),
  unit: 'ms',
  baseline: roundToTenth(yardstick),
  ratio: Math.round((figure / yardstick) * 100) / 100,
  budget: 'info',
  ok: true,
});

/** What a run of visits printed: its copies, the feed call, first and last copy, the watchers' lag. */
function describeVisits(what: string, w: VisitsCase): void {
  console.log(
    `${what}: ${VISITS} visits, ${w.copies} copies received (${w.early} before the feed call's answer, ${w.extra} extra), ` +
      `${w.missing} missing, ${w.incomplete} visits posted before every copy of the one before had come; ` +
      `message ${w.bytes} bytes; feed call p50 ${p(w.calls, 50).toFixed(1)} ms, max ${p(w.calls, 100).toFixed(1)} ms; ` +
      `answer → first copy p50 ${p(w.firsts, 50).toFixed(1)} ms, max ${p(w.firsts, 100).toFixed(1)} ms; ` +
      `answer → last copy p50 ${p(w.lasts, 50).toFixed(1)} ms, max ${p(w.lasts, 100).toFixed(1)} ms; ` +
      `watchers' event-loop delay p99 ${w.loopDelayP99.toFixed(1)} ms`,
  );
  console.log(`${what}: answer → last socket, ms, by visit: ${w.byVisit.join(' ')}`);
}

await withScratchDatabase(async (database, url) => {
  const server = await startBookServer(url, PORT);
  const ctx = benchContext(database);
  let quotes: QuoteCase;
  let watched: WatchCase;
  try {
    const setupStart = monotonicMs();
    const link = await feedProvider(server);
    // Three live matches, frame 1 on, a visit in: their markets open, priced from the live state.
    // No one bets on the yardstick's.
    const quoted = new FeedMatch('quoted');
    const watching = new FeedMatch('watched');
    const yardstick = new FeedMatch('yardstick');
    for (const match of [quoted, watching, yardstick]) {
      await postEvents(link, [
        match.scheduled(7, new Date()),
        match.started(),
        match.frameStarted('a'),
        match.visit('a', 8),
      ]);
    }
    const quotedId = await feedMatchId(database, link.id, quoted.ref);
    const watchedId = await feedMatchId(database, link.id, watching.ref);
    const yardstickId = await feedMatchId(database, link.id, yardstick.ref);

    const [quoter] = await createPlayers(database, 1, 'quoter');
    await fundPlayers(ctx, [quoter!], QUOTE_BETS * STAKE * 2);
    await seedOpenBets(ctx, quotedId, [quoter!], QUOTE_BETS, STAKE);
    console.log(`${QUOTE_BETS} open bets of one player on match ${quotedId}: set-up ${since(setupStart)}`);

    const t = monotonicMs();
    const players = await createPlayers(database, WATCHERS, 'cashout');
    console.log(`${WATCHERS} players registered in ${since(t)}`);
    await fundPlayers(ctx, players, STAKE * 10);
    await seedOpenBets(ctx, watchedId, players, 1, STAKE);
    await ctx.live.stop();
    console.log(`${WATCHERS} players funded, one open bet each on match ${watchedId}: set-up ${since(setupStart)}`);

    console.log(`load average before the quotes: ${load()}`);
    quotes = await quoteCase(server, quoter!);
    console.log(`load average before the watched visits: ${load()}`);
    // Every visit scores a little (1–3 points, at most 40 in the frame, under its points line): no
    // pick of the match is decided, so every bet stays open and every player is told each time.
    const visit = (match: FeedMatch) => (k: number) => postEvents(link, [match.visit(k % 2 ? 'b' : 'a', 1 + (k % 3))]);
    watched = await watchCase(server, url, players, {
      news: { marker: `"type":"MATCH_UPDATED","matchId":${yardstickId},`, play: visit(yardstick) },
      values: { marker: '"type":"CASHOUT_VALUES"', play: visit(watching) },
    });
    console.log(`load average after: ${load()}`);
  } finally {
    await server.stop();
  }

  const q = quotes;
  console.log(
    `quotes over ${q.available} of ${QUOTE_BETS} bets (the others not available now), after ${WARMUP} untimed: ` +
      `one at a time p50 ${p(q.sequential, 50).toFixed(1)}, p99 ${p(q.sequential, 99).toFixed(1)}, ` +
      `max ${p(q.sequential, 100).toFixed(1)} ms; ${CONCURRENT} at once p50 ${p(q.concurrent, 50).toFixed(1)}, ` +
      `p99 ${p(q.concurrent, 99).toFixed(1)} ms; ${q.failed} failed; cashout/values of ${QUOTE_BETS} bets ` +
      `p50 ${p(q.values, 50).toFixed(1)}, max ${p(q.values, 100).toFixed(1)} ms; ` +
      `user/info (yardstick) p50 ${p(q.userInfo, 50).toFixed(1)}, p99 ${p(q.userInfo, 99).toFixed(1)} ms`,
  );
  if (q.firstFailure) console.log(`first failed quote: ${q.firstFailure}`);
  const w = watched.values;
  const news = watched.news;
  describeVisits("the yardstick's MATCH_UPDATED", news);
  describeVisits('CASHOUT_VALUES', w);
  console.log(`${watched.dropped} sockets dropped`);

  benchRow({
    bench: BENCH,
    case: `quote p50, ${QUOTE_BETS} open bets on the player, one at a time`,
    figure: roundToTenth(p(q.sequential, 50)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: 'yardstick: user/info p99, the same player and connection, one at a time',
    figure: roundToTenth(p(q.userInfo, 99)),
    unit: 'ms',
    budget: 'yardstick, same run',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: `quote p99, ${QUOTE_BETS} open bets on the player, one at a time`,
    figure: roundToTenth(p(q.sequential, 99)),
    unit: 'ms',
    budget: `<= ${QUOTE_P99_BUDGET_MS} ms, none failed`,
    ok: p(q.sequential, 99) <= QUOTE_P99_BUDGET_MS && q.failed === 0,
  });
  benchRow({
    bench: BENCH,
    case: 'quote p99 as a ratio of the yardstick (user/info p99)',
    ...toYardstick(p(q.sequential, 99), p(q.userInfo, 99)),
  });
  benchRow({
    bench: BENCH,
    case: `quote p99, ${CONCURRENT} at once`,
    figure: roundToTenth(p(q.concurrent, 99)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: `cashout/values of ${QUOTE_BETS} bets, p50`,
    figure: roundToTenth(p(q.values, 50)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: "players' sockets held",
    figure: watched.open,
    unit: 'sockets',
    budget: `>= ${WATCHERS}`,
    ok: watched.open >= WATCHERS,
  });
  benchRow({
    bench: BENCH,
    case: 'feed answer → CASHOUT_VALUES p50',
    figure: roundToTenth(p(w.latencies, 50)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: 'yardstick: feed answer → MATCH_UPDATED p95 (a match no one bet on, the same sockets)',
    figure: roundToTenth(p(news.latencies, 95)),
    unit: 'ms',
    budget: 'yardstick, same run',
    ok: news.missing === 0,
  });
  benchRow({
    bench: BENCH,
    case: 'feed answer → CASHOUT_VALUES p95',
    figure: roundToTenth(p(w.latencies, 95)),
    unit: 'ms',
    budget: `<= ${VALUES_P95_BUDGET_MS} ms`,
    ok: p(w.latencies, 95) <= VALUES_P95_BUDGET_MS,
  });
  benchRow({
    bench: BENCH,
    case: "CASHOUT_VALUES p95 as a ratio of the yardstick (the match's news p95)",
    ...toYardstick(p(w.latencies, 95), p(news.latencies, 95)),
  });
  benchRow({
    bench: BENCH,
    case: 'feed answer → CASHOUT_VALUES p99',
    figure: roundToTenth(p(w.latencies, 99)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: 'feed answer → first CASHOUT_VALUES (the values worked out before the first write), p50',
    figure: roundToTenth(p(w.firsts, 50)),
    unit: 'ms',
    budget: 'info',
    ok: true,
  });
  benchRow({
    bench: BENCH,
    case: `sockets that got every visit (${VISITS})`,
    figure: w.everyVisit,
    unit: 'sockets',
    budget: `= ${WATCHERS}, no copy missing`,
    ok: w.everyVisit === WATCHERS && w.missing === 0,
  });
});
