/*
 * The console's liability under bets (the issue: "the liability shown in the console is current
 * within 1 s (p95) of a bet while 500 bets a second arrive"). One built server (one worker per
 * core, as deployed) on a scratch PostgreSQL database; a billiards match made by the console's
 * call (money/setup.ts openMatch), before its start: a bet is open at once, no acceptance delay.
 * PLAYERS funded players bet on its open picks (each player always the same one, the picks spread
 * over every open market) at RATE a second, open-loop (open-load.ts), for SECONDS.
 *
 * A console, as apps/admin does it: an operator of role risk, made with the CLI's token and
 * logged in as a person does (password, then the TOTP enrolment and its first code), takes a
 * one-use ticket (operatorsAdmin.liveTicket) and opens the console's socket (/ws/console), pinging
 * every PING_INTERVAL_MS. On each TRADING_CHANGED of the match (the server gathers them, at most
 * one per match every TRADING_NEWS_MS on an instance) it reads taiqiuAdmin.liability through HTTP
 * with its session: one read at a time; news arriving while one is under way makes one more read
 * right after it. It first gathers the news BOOK_LIABILITY_BATCH_MS (default TRADING_NEWS_MS) before
 * a read, as the console's own batch does (apps/admin/src/lib/console-live.tsx, NEWS_BATCH_MS).
 * Each read gives (finished, bets counted: the `bets` of every selection of every market summed).
 *
 * Figure, per bet answered open: the end of the first read begun after its answer − the answer,
 * both on this process's monotonic clock: that read surely counts the bet (committed before its
 * answer). Also printed, as a lower bound: the k-th bet answered taken as shown by the first read
 * that finished after its answer and counts at least k bets (a count that bets committed but not
 * yet answered may make up). Budget: p95 of the first ≤ 1,000 ms;
 * every bet answered open shown by the end (SHOWN_DEADLINE_MS after the last answer at most);
 * at most 1 % of the bets refused (not HTTP 200 and code 200, or not open).
 *
 * Also printed, where a bet's latency goes (each the p50 and p95 over the bets): its answer → the
 * TRADING_CHANGED that started the read which showed it (the server's gathering, NOTIFY, the
 * socket; below 0 when the news came before the answer), that news → the read's start (a read
 * under way first), the read itself; and the reads that finished after a bet's answer without
 * counting it yet. And once a second while the bets come: the
 * read's query (liabilityOf) by the benchmark's own pool (the database's part of a read, without
 * the server's queue), and the server's /livez (no database: its event loop) and /readyz (one
 * `select 1` through its pool).
 *
 * BOOK_SERVER_NODE_ARGS starts the server with those node options (e.g. --cpu-prof);
 * BOOK_ACTIVITY=1 prints the statements the database was running while the bets came.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import * as OTPAuth from 'otpauth';
import WebSocket from 'ws';
import {
  API_PREFIX,
  consoleLive,
  operatorCalls,
  operatorsAdmin,
  PING_INTERVAL_MS,
  taiqiu,
  taiqiuAdmin,
} from '@breakshot/contracts';
import { liabilityOf } from '../../src/modules/taiqiu/trading/liability.js';
import { monotonicMs, since } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import { createPlayers } from '../lib/players.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import type { RunningServer } from '../lib/server.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { adminPost, openMatch, playerPost } from '../money/setup.js';
import { postText } from '../lib/http-post.js';
import { sampleActivity } from './activity.js';
import { startBookServer } from './book-server.js';
import { describe, OpenLoad, summarize } from './open-load.js';
import { benchContext, fundPlayers } from './seed.js';

const PLAYERS = 1_000;
/** Bets a second (BOOK_LIABILITY_RATE: another rate; the budget is for 500). */
const RATE = Number(process.env.BOOK_LIABILITY_RATE ?? 500);
/** BOOK_LIABILITY_SECONDS: a shorter try. */
const SECONDS = Number(process.env.BOOK_LIABILITY_SECONDS ?? 20);
const STAKE = 1_000;
const FUNDS = 10_000_000;
const BUDGET_MS = 1_000;
/** The most bets refused, a share of those sent. */
const REFUSED_SHARE = 0.01;
/** After the last bet's answer: how long the console may take to show every bet. */
const SHOWN_DEADLINE_MS = 5_000;
/** The console's own gathering of news before it reads (0: a read on each news). */
const BATCH_MS = Number(process.env.BOOK_LIABILITY_BATCH_MS ?? consoleLive.TRADING_NEWS_MS);
const OPERATOR = { username: 'bench-risk', password: 'bench risk 2024', role: 'risk' as const };
const PORT = 3394;

/** A liability read of the console. */
interface Reading {
  /** monotonicMs: the TRADING_CHANGED that asked for it, its start, its whole answer. */
  newsAt: number;
  startedAt: number;
  finishedAt: number;
  /** Bets counted: every selection's `bets`, summed. */
  bets: number;
}

/** Kept connections, as a browser keeps its own to the console's server. */
const consoleAgent = new Agent({ keepAlive: true, maxSockets: 4 });
/** The probes' connection (timedGet). */
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** An operator call under ADMIN_PREFIX: its data when HTTP 200 and code 200, else an error. */
async function consoleCall<T>(server: RunningServer, path: string, body: unknown, session?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) headers[operatorCalls.OPERATOR_SESSION_HEADER] = session;
  const { status, text } = await postText(
    `${server.base}${operatorCalls.ADMIN_PREFIX}${path}`,
    JSON.stringify(body),
    headers,
  );
  const answer = status === 200 ? (JSON.parse(text) as { code: number; data: T }) : undefined;
  if (answer?.code !== 200) throw new Error(`${path}: HTTP ${status} ${text.slice(0, 200)}`);
  return answer.data;
}

/** A risk operator made by the CLI's token and logged in as a person does: its console session. */
async function riskSession(server: RunningServer): Promise<string> {
  await adminPost(server, operatorsAdmin.operatorCreate.path, OPERATOR);
  const setup = await consoleCall<{ stage: string; setupToken?: string; secret?: string }>(
    server,
    operatorsAdmin.login.path,
    { username: OPERATOR.username, password: OPERATOR.password },
  );
  if (setup.stage !== 'totp_setup' || !setup.secret || !setup.setupToken)
    throw new Error(`login: expected totp_setup, got ${setup.stage}`);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) }).generate();
  const done = await consoleCall<{ token: string }>(server, operatorsAdmin.totpConfirm.path, {
    setupToken: setup.setupToken,
    code,
  });
  return done.token;
}

/**
 * The console's socket and its liability reads of one match: a read on TRADING_CHANGED (after
 * BATCH_MS), one at a time, one more after it if news came while it ran.
 */
class ConsoleWatch {
  readonly readings: Reading[] = [];
  /** monotonicMs of each TRADING_CHANGED of the match. */
  readonly news: number[] = [];
  otherEvents = 0;
  pings = 0;
  pongs = 0;
  failedReads = 0;
  firstReadError: string | undefined;
  closed: string | undefined;
  private reading = false;
  /** The news a read waits for, the one under way first (the first such news); NaN: none waits. */
  private wanted = NaN;
  /** The console's batch of news (BATCH_MS): its first news, and its timer. */
  private batchNewsAt = NaN;
  private batch: NodeJS.Timeout | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private idle: (() => void) | null = null;

  private constructor(
    private readonly server: RunningServer,
    private readonly session: string,
    private readonly matchId: number,
    private readonly socket: WebSocket,
  ) {}

  static async open(server: RunningServer, session: string, matchId: number): Promise<ConsoleWatch> {
    const { ticket } = await consoleCall<{ ticket: string }>(server, operatorsAdmin.liveTicket.path, {}, session);
    const url = `${server.base.replace(/^http/, 'ws')}${consoleLive.CONSOLE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`;
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`console socket: HTTP ${res.statusCode}`)));
    });
    const watch = new ConsoleWatch(server, session, matchId, socket);
    socket.on('message', (data: Buffer) => watch.onMessage(data));
    socket.on('close', (code, reason) => (watch.closed ??= `${code} ${reason.toString()}`));
    watch.pinger = setInterval(() => watch.ping(), PING_INTERVAL_MS);
    return watch;
  }

  /** A read now, as the console's first render of the page does. */
  async first(): Promise<Reading | undefined> {
    const at = monotonicMs();
    this.ask(at);
    await this.settled();
    return this.readings.at(-1);
  }

  /** Resolves once no read is under way or asked for. */
  settled(): Promise<void> {
    if (!this.reading && this.batch === null && Number.isNaN(this.wanted)) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  close(): void {
    if (this.pinger) clearInterval(this.pinger);
    if (this.batch) clearTimeout(this.batch);
    this.socket.close(1000, 'bench over');
  }

  private ping(): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.pings += 1;
    this.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
  }

  private onMessage(data: Buffer): void {
    const at = monotonicMs();
    const text = data.toString('utf8');
    if (text === 'pong') {
      this.pongs += 1;
      return;
    }
    const event = JSON.parse(text) as { type?: string; matchId?: number };
    if (event.type !== 'TRADING_CHANGED' || event.matchId !== this.matchId) {
      this.otherEvents += 1;
      return;
    }
    this.news.push(at);
    if (BATCH_MS <= 0) return this.ask(at);
    if (this.batch) return;
    this.batchNewsAt = at;
    this.batch = setTimeout(() => {
      this.batch = null;
      this.ask(this.batchNewsAt);
    }, BATCH_MS);
  }

  /** A read for the news of `newsAt`: now, or right after the one under way. */
  private ask(newsAt: number): void {
    if (this.reading) {
      if (Number.isNaN(this.wanted)) this.wanted = newsAt;
      return;
    }
    void this.read(newsAt);
  }

  private async read(newsAt: number): Promise<void> {
    this.reading = true;
    const startedAt = monotonicMs();
    try {
      const { status, text } = await this.post();
      const finishedAt = monotonicMs();
      const answer = status === 200 ? (JSON.parse(text) as { code: number; data: Liability }) : undefined;
      if (answer?.code !== 200) throw new Error(`liability: HTTP ${status} ${text.slice(0, 200)}`);
      const bets = answer.data.markets.reduce((n, m) => n + m.selections.reduce((s, sel) => s + sel.bets, 0), 0);
      this.readings.push({ newsAt, startedAt, finishedAt, bets });
    } catch (err) {
      this.failedReads += 1;
      this.firstReadError ??= err instanceof Error ? err.message : String(err);
    }
    this.reading = false;
    if (!Number.isNaN(this.wanted)) {
      const next = this.wanted;
      this.wanted = NaN;
      void this.read(next);
    } else if (this.batch === null) {
      this.idle?.();
      this.idle = null;
    }
  }

  private post(): Promise<{ status: number; text: string }> {
    return postText(
      `${this.server.base}${operatorCalls.ADMIN_PREFIX}${taiqiuAdmin.liability.path}`,
      JSON.stringify({ matchId: this.matchId }),
      { 'content-type': 'application/json', [operatorCalls.OPERATOR_SESSION_HEADER]: this.session },
      consoleAgent,
    );
  }
}

type Liability = { markets: { selections: { bets: number }[] }[] };

/** A GET of the server, on a connection of its own, timed to its whole answer (ms). */
function timedGet(server: RunningServer, path: string): Promise<number> {
  const t = monotonicMs();
  return new Promise((resolve, reject) => {
    const req = request(`${server.base}${path}`, { agent: probeAgent }, (res) => {
      res.on('data', () => undefined);
      res.on('error', reject);
      res.on('end', () => resolve(monotonicMs() - t));
    });
    req.on('error', reject);
    req.end();
  });
}

await withScratchDatabase(async (database, url) => {
  const server = await startBookServer(url, PORT);
  let watch: ConsoleWatch | undefined;
  try {
    const setupStart = monotonicMs();
    const { matchId } = await openMatch(server);
    const page = await playerPost<taiqiu.MatchDetails>(server, taiqiu.match.path, undefined, { id: matchId });
    const openMarkets = page.markets.filter((m) => m.status === 'open');
    const picks = openMarkets.flatMap((m) =>
      m.selections.map((s) => ({ marketId: m.id, selectionId: s.id, odds: s.odds })),
    );
    if (picks.length === 0) throw new Error('the match has no open pick');

    const ctx = benchContext(database);
    const players = await createPlayers(database, PLAYERS, 'liability');
    await fundPlayers(ctx, players, FUNDS);
    await ctx.live.stop();
    const session = await riskSession(server);
    watch = await ConsoleWatch.open(server, session, matchId);
    const before = await watch.first();
    if (!before || before.bets !== 0) throw new Error(`the first liability read: ${JSON.stringify(before)}`);
    console.log(
      `${PLAYERS} players funded, ${picks.length} open picks on ${openMarkets.length} markets, the risk operator's ` +
        `console open (first read ${(before.finishedAt - before.startedAt).toFixed(1)} ms): set-up ${since(setupStart)}`,
    );

    /** monotonicMs of each answer of a bet taken open. */
    const answered: number[] = [];
    let n = 0;
    const load = new OpenLoad(server.base, [
      {
        name: 'taiqiu/bet',
        perSecond: RATE,
        count: RATE * SECONDS,
        next: () => {
          const i = n % PLAYERS;
          const player = players[i]!;
          // Each player always on the same pick: none backs two selections of a market (an alert each).
          const pick = picks[i % picks.length]!;
          n += 1;
          return {
            path: `${API_PREFIX}${taiqiu.bet.path}`,
            headers: { 'content-type': 'application/json', token: player.token },
            body: JSON.stringify({ matchId, ...pick, stake: STAKE, requestId: randomUUID() }),
          };
        },
        accepted: (status, body) => {
          if (status !== 200) return false;
          const answer = JSON.parse(body) as { code?: number; data?: { status?: string } };
          return answer.code === 200 && answer.data?.status === 'open';
        },
        onAnswer: (call) => {
          if (call.ok) answered.push(call.dueAt + call.latency);
        },
      },
    ]);
    const activity = process.env.BOOK_ACTIVITY ? await sampleActivity(url) : null;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const readsBefore = watch.readings.length;
    load.start();
    // The same query by this process's own pool, once a second: the database's part of a read.
    // And the server's own queue: /livez (no database) and /readyz (one `select 1` from the pool).
    const direct: number[] = [];
    const livez: number[] = [];
    const readyz: number[] = [];
    for (const until = monotonicMs() + SECONDS * 1000; monotonicMs() < until;) {
      const t = monotonicMs();
      await liabilityOf(database.db, [matchId]);
      direct.push(monotonicMs() - t);
      livez.push(await timedGet(server, '/livez'));
      readyz.push(await timedGet(server, '/readyz'));
      await sleep(Math.max(0, 1000 - (monotonicMs() - t)));
    }
    const calls = await load.stop();
    if (activity) console.log(`the database while the bets came:\n  ${(await activity.stop()).join('\n  ')}`);
    // Until a read counts every bet taken (no read under way), SHOWN_DEADLINE_MS at most.
    const lastAnswer = answered.reduce((a, b) => Math.max(a, b), 0);
    while (monotonicMs() - lastAnswer < SHOWN_DEADLINE_MS) {
      const last = watch.readings.at(-1);
      if (last && last.bets >= answered.length && last.finishedAt > lastAnswer) break;
      await sleep(50);
    }
    await watch.settled();
    lag.disable();
    const readings = watch.readings.slice(readsBefore);
    // The read alone, once the bets stopped: 5 in a row.
    const idleReads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await watch.first();
      if (r) idleReads.push(r.finishedAt - r.startedAt);
    }
    watch.close();

    // Each bet answered open against the reads, in order (both lists in time order; the first read
    // that shows bet k is never before the one that shows bet k − 1).
    answered.sort((a, b) => a - b);
    const latency: number[] = [];
    const newsWait: number[] = [];
    const queued: number[] = [];
    const readTime: number[] = [];
    const missedReads: number[] = [];
    let j = 0;
    let firstAfter = 0;
    for (let k = 1; k <= answered.length; k += 1) {
      const at = answered[k - 1]!;
      while (firstAfter < readings.length && readings[firstAfter]!.finishedAt <= at) firstAfter += 1;
      j = Math.max(j, firstAfter);
      while (j < readings.length && readings[j]!.bets < k) j += 1;
      if (j === readings.length) break;
      const r = readings[j]!;
      latency.push(r.finishedAt - at);
      newsWait.push(r.newsAt - at);
      queued.push(r.startedAt - r.newsAt);
      readTime.push(r.finishedAt - r.startedAt);
      missedReads.push(j - firstAfter);
    }
    // The same with the first read begun after the answer: that one surely counts the bet (committed
    // before its answer), where a count of k may be made up with bets committed but not answered yet.
    const surely: number[] = [];
    for (let k = 0, i = 0; k < answered.length; k += 1) {
      while (i < readings.length && readings[i]!.startedAt <= answered[k]!) i += 1;
      if (i < readings.length) surely.push(readings[i]!.finishedAt - answered[k]!);
    }
    const shown = latency.length;
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const p = (list: number[], q: number) => (list.length ? percentile(list, q) : NaN);
    const spread = (list: number[]) => {
      const s = sorted(list);
      return `p50 ${p(s, 50).toFixed(1)}, p95 ${p(s, 95).toFixed(1)}, max ${p(s, 100).toFixed(1)}`;
    };
    const lat = sorted(latency);
    const sent = calls.length;
    const refused = sent - answered.length;
    const reads = readings.map((r) => r.finishedAt - r.startedAt);
    const meanRead = reads.length ? reads.reduce((a, b) => a + b, 0) / reads.length : NaN;
    const gaps = watch.news.slice(1).map((t, i) => t - watch!.news[i]!);
    const over = lat.filter((l) => l > BUDGET_MS).length;
    const sure = sorted(surely);
    const overSure = sure.filter((l) => l > BUDGET_MS).length;

    console.log(`bets placed: ${describe(summarize(calls))}`);
    if (load.error()) console.log(`first refused bet: ${load.error()}`);
    console.log(
      `${answered.length} bets open, ${refused} refused; ${shown} shown; bet answer → liability shows it: ` +
        `${spread(latency)} ms, ${over} over ${BUDGET_MS} ms`,
    );
    console.log(
      `${watch.news.length} TRADING_CHANGED (gaps ${spread(gaps)} ms), ${readings.length} liability reads ` +
        `(${watch.failedReads} failed${watch.firstReadError ? `: ${watch.firstReadError}` : ''}; ` +
        `${spread(reads)} ms, mean ${meanRead.toFixed(1)} ms; ${idleReads.map((r) => r.toFixed(1)).join(', ')} ms ` +
        `after the bets), ${watch.pings} pings, ${watch.pongs} pongs, ${watch.otherEvents} other events` +
        `${watch.closed ? `, socket closed ${watch.closed}` : ''}; console batch ${BATCH_MS} ms; this process's ` +
        `event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
    );
    console.log(
      `where a bet's latency goes: answer → the news of the read that showed it ${spread(newsWait)} ms; ` +
        `that news → the read's start ${spread(queued)} ms; the read ${spread(readTime)} ms; reads ` +
        `finished after the answer that did not count it yet ${spread(missedReads)}; with the first read begun ` +
        `after the answer instead (one that surely counts it) ${spread(surely)} ms`,
    );
    console.log(
      `once a second during the bets: the read's query by this process's own pool ${spread(direct)} ms; ` +
        `the server's /livez (no database) ${spread(livez)} ms, /readyz (select 1 from its pool) ${spread(readyz)} ms`,
    );

    const row = (c: string, figure: number, unit: string, budget: string, ok: boolean) =>
      benchRow({ bench: 'book-liability', case: c, figure, unit, budget, ok });
    row(
      `bets placed (${RATE}/s for ${SECONDS} s), answered open`,
      answered.length,
      'bets',
      `refused <= ${REFUSED_SHARE * 100} % of ${RATE * SECONDS}`,
      sent === RATE * SECONDS && refused <= REFUSED_SHARE * sent,
    );
    row('bet answer → a liability read begun after it ends, p50', roundToTenth(p(sure, 50)), 'ms', 'info', true);
    row(
      `bet answer → a liability read begun after it ends, p95 (${overSure} bets over ${BUDGET_MS} ms)`,
      roundToTenth(p(sure, 95)),
      'ms',
      `<= ${BUDGET_MS} ms`,
      sure.length > 0 && p(sure, 95) <= BUDGET_MS,
    );
    row('bet answer → a liability read begun after it ends, p99', roundToTenth(p(sure, 99)), 'ms', 'info', true);
    row(
      `bet answer → a read counting as many bets, p95 (lower bound; ${over} over ${BUDGET_MS} ms)`,
      roundToTenth(p(lat, 95)),
      'ms',
      'info',
      true,
    );
    row(
      'bets shown by the end',
      surely.length,
      'bets',
      `all answered open (${answered.length})`,
      surely.length === answered.length && shown === answered.length && shown > 0,
    );
    row('TRADING_CHANGED received', watch.news.length, 'events', 'info', true);
    row(
      `liability reads (${watch.failedReads} failed)`,
      readings.length,
      'reads',
      'none failed',
      watch.failedReads === 0,
    );
    row('liability read, mean', roundToTenth(meanRead), 'ms', 'info', true);
  } finally {
    watch?.close();
    consoleAgent.destroy();
    probeAgent.destroy();
    await server.stop();
  }
});
