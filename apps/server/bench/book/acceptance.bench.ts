/*
 * In-play acceptance under load. One built server (one worker per core, as deployed) on a
 * scratch PostgreSQL database; a feed provider plays a live match (frame 1 on), whose acceptance
 * delay the console sets to DELAY_MS. PLAYERS players, each with a live
 * connection held by the live benchmark's client processes (live/fleet.ts), bet on the match's
 * open picks at RATE a second, open-loop (open-load.ts: a bet is sent when due, answered or not),
 * for SECONDS: every bet is pending, its stake held, until its acceptAt (placed + the delay); the
 * server's ticker (every 50 ms, each instance) then decides it and tells the player BET_UPDATED.
 *
 * Figure, per bet: decided − placed − delay = (BET_UPDATED's arrival at the player's socket) −
 * acceptAt, the arrival's monotonic instant taken to the wall clock in this process (both clocks
 * are the machine's, for every process), acceptAt as the bet's answer gave it (the server's clock,
 * to the ms). Budget: every bet within 100 ms of the delay (the largest; p50 and p99 printed), and
 * every bet decided and told. No feed event comes during the run: the odds stand, so each bet is
 * accepted unless something else refuses it (counted).
 *
 * BOOK_SERVER_NODE_ARGS starts the server with those node options (e.g. --cpu-prof); BOOK_ACTIVITY=1
 * prints the statements the database was running while the bets came (activity.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { API_PREFIX, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { monotonicMs, since } from '../lib/clock.js';
import { percentile } from '../lib/percentile.js';
import { createPlayers } from '../lib/players.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { ClientFleet } from '../live/fleet.js';
import { adminPost, playerPost } from '../money/setup.js';
import { startBookServer } from './book-server.js';
import { FeedMatch, feedProvider, postEvents } from './feed.js';
import { sampleActivity } from './activity.js';
import { describe, OpenLoad, summarize } from './open-load.js';
import { benchContext, feedMatchId, fundPlayers } from './seed.js';

const PLAYERS = 1_000;
const CLIENT_PROCESSES = 2;
/** Bets a second (BOOK_ACCEPT_RATE: another rate, to find the one the server keeps up with; the budget is for 500). */
const RATE = Number(process.env.BOOK_ACCEPT_RATE ?? 500);
const SECONDS = 20;
const DELAY_MS = 3_000;
const STAKE = 1_000;
const FUNDS = 10_000_000;
const BUDGET_MS = 100;
/** After the last bet's delay: how long the benchmark waits for the bets still pending to be decided. */
const DEADLINE_MS = 60_000;
/** Once none is pending: this long for the last decisions to arrive on the sockets. */
const GRACE_MS = 2_000;
const PORT = 3392;

interface Placed {
  dueAt: number;
  /** acceptAt, wall-clock ms. */
  acceptAt: number;
  /** When BET_UPDATED arrived (monotonicMs); NaN before. */
  toldAt: number;
  status: string;
}

await withScratchDatabase(async (database, url) => {
  const server = await startBookServer(url, PORT);
  let fleet: ClientFleet | undefined;
  try {
    const setupStart = monotonicMs();
    const link = await feedProvider(server);
    const match = new FeedMatch('accepting');
    await postEvents(link, [
      match.scheduled(7, new Date()),
      match.started(),
      match.frameStarted('a'),
      match.visit('a', 8),
    ]);
    const matchId = await feedMatchId(database, link.id, match.ref);
    await adminPost(server, taiqiuAdmin.delaySet.path, { matchId, delayMs: DELAY_MS, reason: 'bench' });
    const page = await playerPost<taiqiu.MatchDetails>(server, taiqiu.match.path, undefined, { id: matchId });
    const picks = page.markets
      .filter((m) => m.status === 'open')
      .flatMap((m) => m.selections.map((s) => ({ marketId: m.id, selectionId: s.id, odds: s.odds })));
    if (picks.length === 0) throw new Error('the live match has no open pick');

    const ctx = benchContext(database);
    const players = await createPlayers(database, PLAYERS, 'accept');
    await fundPlayers(ctx, players, FUNDS);
    await ctx.live.stop();
    fleet = await ClientFleet.open(server.base, players, CLIENT_PROCESSES);
    console.log(
      `${PLAYERS} players funded, their sockets open, ${picks.length} open picks: set-up ${since(setupStart)}`,
    );

    const placed = new Map<string, Placed>();
    let n = 0;
    const load = new OpenLoad(server.base, [
      {
        name: 'taiqiu/bet',
        perSecond: RATE,
        count: RATE * SECONDS,
        next: () => {
          const player = players[n % PLAYERS]!;
          const pick = picks[Math.floor(Math.random() * picks.length)]!;
          n += 1;
          return {
            path: `${API_PREFIX}${taiqiu.bet.path}`,
            headers: { 'content-type': 'application/json', token: player.token },
            body: JSON.stringify({ matchId, ...pick, stake: STAKE, requestId: randomUUID() }),
          };
        },
        accepted: (status, body) =>
          status === 200 &&
          (JSON.parse(body) as { code?: number; data?: { status?: string } }).data?.status === 'pending',
        onAnswer: (call, body) => {
          if (!call.ok) return;
          const { data } = JSON.parse(body) as { data: { betNo: string; acceptAt: string } };
          placed.set(data.betNo, {
            dueAt: call.dueAt,
            acceptAt: Date.parse(data.acceptAt),
            toldAt: NaN,
            status: 'pending',
          });
        },
      },
    ]);
    const activity = process.env.BOOK_ACTIVITY ? await sampleActivity(url) : null;
    fleet.measure();
    load.start();
    await sleep(SECONDS * 1000);
    const calls = await load.stop();
    if (activity) console.log(`the database while the bets came:\n  ${(await activity.stop()).join('\n  ')}`);
    // The last bets' delay, then until none is pending (a server behind decides late), DEADLINE_MS at most.
    await sleep(DELAY_MS);
    const stillPending = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM bets WHERE round_id = ${String(matchId)} AND status = 'pending'`,
        )
      )[0]!.n;
    for (const until = monotonicMs() + DEADLINE_MS; (await stillPending()) > 0 && monotonicMs() < until;) {
      await sleep(250);
    }
    await sleep(GRACE_MS);
    // Wall clock = monotonic + offset, in every process of the machine (clock.ts).
    const offset = Date.now() - monotonicMs();
    let unexpected = 0;
    const clients = await fleet.report((_userId, text, at) => {
      const event = JSON.parse(text) as { type: string; betNo?: string; status?: string };
      if (event.type !== 'BET_UPDATED') return;
      const bet = placed.get(event.betNo ?? '');
      if (!bet || !Number.isNaN(bet.toldAt)) unexpected += 1;
      else {
        bet.toldAt = at;
        bet.status = event.status ?? '?';
      }
    });
    fleet = undefined;

    const bets = [...placed.values()];
    const told = bets.filter((b) => !Number.isNaN(b.toldAt));
    const late = told.map((b) => b.toldAt + offset - b.acceptAt).sort((a, b) => a - b);
    const fromSent = told.map((b) => b.toldAt - b.dueAt - DELAY_MS).sort((a, b) => a - b);
    const byStatus = new Map<string, number>();
    for (const b of told) byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + 1);
    const left = await stillPending();
    const p = (list: number[], q: number) => (list.length ? percentile(list, q) : NaN);
    const over = late.filter((l) => l > BUDGET_MS).length;
    console.log(`bets placed: ${describe(summarize(calls))}`);
    if (load.error()) console.log(`first refused bet: ${load.error()}`);
    console.log(
      `${bets.length} bets pending, ${told.length} told (${[...byStatus].map(([s, c]) => `${c} ${s}`).join(', ')}), ` +
        `${left} still pending, ${unexpected} unexpected BET_UPDATED; decided − acceptAt: ` +
        `min ${p(late, 0).toFixed(1)}, p50 ${p(late, 50).toFixed(1)}, p99 ${p(late, 99).toFixed(1)}, ` +
        `max ${p(late, 100).toFixed(1)} ms, ${over} over ${BUDGET_MS} ms; from the bet's sending (− delay): ` +
        `p50 ${p(fromSent, 50).toFixed(1)}, p99 ${p(fromSent, 99).toFixed(1)} ms; client processes' event-loop ` +
        `delay p99 ${clients.loopDelayP99.toFixed(1)} ms, ${clients.dropped} sockets dropped`,
    );
    benchRow({
      bench: 'book-accept',
      case: `bets placed (${RATE}/s for ${SECONDS} s), pending`,
      figure: bets.length,
      unit: 'bets',
      budget: `= ${RATE * SECONDS}, none refused`,
      ok: bets.length === RATE * SECONDS,
    });
    benchRow({
      bench: 'book-accept',
      case: 'decided − placed − delay, p50',
      figure: roundToTenth(p(late, 50)),
      unit: 'ms',
      budget: 'info',
      ok: true,
    });
    benchRow({
      bench: 'book-accept',
      case: 'decided − placed − delay, p99',
      figure: roundToTenth(p(late, 99)),
      unit: 'ms',
      budget: 'info',
      ok: true,
    });
    benchRow({
      bench: 'book-accept',
      case: `decided − placed − delay, max (${over} bets over ${BUDGET_MS} ms)`,
      figure: roundToTenth(p(late, 100)),
      unit: 'ms',
      budget: `0 <= every bet <= ${BUDGET_MS} ms`,
      ok: late.length > 0 && p(late, 0) >= 0 && p(late, 100) <= BUDGET_MS,
    });
    benchRow({
      bench: 'book-accept',
      case: 'bets decided and told',
      figure: told.length,
      unit: 'bets',
      budget: `all pending ones (${bets.length}), none left pending`,
      ok: told.length === bets.length && bets.length > 0 && left === 0,
    });
  } finally {
    fleet?.kill();
    await server.stop();
  }
});
