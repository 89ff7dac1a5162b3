import { createHash, createHmac } from 'node:crypto';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bets, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { DEFAULT_DEMO_FEED, DemoFeed, type DemoFeedOptions } from '../../src/modules/demo-feed/player.js';
import { demoFeedMatches } from '../../src/modules/demo-feed/tables.js';
import { feedEvents } from '../../src/modules/feed/tables.js';
import { queryRows } from '../../src/platform/db.js';
import { settlementsDone } from '../../src/modules/taiqiu/service.js';
import { cancelSimulatedMatches } from '../../src/modules/taiqiu/settlement.js';
import { matches } from '../../src/modules/taiqiu/tables.js';
import { getWssToken, listenLocal, openLive } from '../helpers/live-client.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf } from '../helpers/withdrawals.js';
import { acceptPending, fundedPlayer, matchPage, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * The demo feed provider (modules/demo-feed): a client of the feed API over HTTP that plays its
 * matches visit by visit from their committed seeds; the platform learns of them only through
 * the feed.
 */

/** A post may wait long on a loaded machine: the test's own queries share PGlite with the API. */
const OPTIONS: DemoFeedOptions = { ...DEFAULT_DEMO_FEED, upcoming: 3, timeoutMs: 60_000 };
const STEP_MS = 4_000;

let t: TestApp;
let base: string;
let step: () => Promise<void>;

beforeAll(async () => {
  t = await startTaiqiuApp();
  base = (await listenLocal(t.app)).replace('ws://', 'http://');
  const demo = new DemoFeed(t.app.ctx, () => base, OPTIONS);
  // A tick's posts answer before what they decided settles (taiqiu/settle-soon.ts): read it settled.
  step = async () => {
    await demo.tick();
    await settlementsDone(t.app.ctx);
  };
});
afterAll(async () => {
  await expectLedgerOk(t.db);
  await t.close();
});

/** Every public and operator view of the matches, as JSON text. */
async function everyView(matchId: number): Promise<string[]> {
  const views: unknown[] = [await matchPage(t, matchId)];
  for (const status of [undefined, 'live', 'upcoming', 'finished'] as const) {
    const filter = { page: 1, pageSize: 50, ...(status ? { status } : {}) };
    views.push(await call(t.app, taiqiu.matches, filter), await adminCall(t.app, taiqiuAdmin.matchesList, filter));
  }
  return views.map((v) => JSON.stringify(v));
}

interface Played {
  scores: string[];
  sawSuspended: boolean;
  sawVisits: boolean;
  oddsOfA: number[];
  answers: string[];
}

/** Moves the clock and ticks the demo feed until the match has ended; records what a page saw. */
async function playOut(matchId: number, watch = false): Promise<Played> {
  const played: Played = { scores: [], sawSuspended: false, sawVisits: false, oddsOfA: [], answers: [] };
  for (let i = 0; i < 2_000; i += 1) {
    t.clock.advance(STEP_MS);
    await step();
    const [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
    if (row!.framePointsA + row!.framePointsB > 0) played.sawVisits = true;
    const page = await matchPage(t, matchId);
    const score = `${page.score.a}:${page.score.b}`;
    if (played.scores.at(-1) !== score) played.scores.push(score);
    if (page.status === 'live' && page.markets.some((m) => m.status === 'suspended')) played.sawSuspended = true;
    const oddsOfA = page.mainOdds?.a;
    if (oddsOfA !== undefined && !played.oddsOfA.includes(oddsOfA)) played.oddsOfA.push(oddsOfA);
    if (page.status === 'finished') return played;
    if (watch) played.answers.push(...(await everyView(matchId)));
  }
  throw new Error('match did not finish');
}

/** The demo feed's seeds by the platform's match id, opened. */
async function demoSeeds(): Promise<Map<number, string>> {
  const rows = await t.db
    .select({ id: matches.id, sealed: demoFeedMatches.serverSeed, ref: demoFeedMatches.ref })
    .from(demoFeedMatches)
    .innerJoin(matches, eq(matches.feedMatch, demoFeedMatches.ref));
  return new Map(rows.map((r) => [r.id, t.app.ctx.secrets.open(r.sealed, `demo_feed_matches.server_seed:${r.ref}`)]));
}

/** Frame n's winner recomputed from the revealed seed as a player would, without the server's code. */
const recomputed = (serverSeed: string, clientSeed: string, frameWinA: number, n: number) =>
  createHmac('sha256', serverSeed).update(`${clientSeed}:${n}:0`).digest().readUInt32BE(0) / 2 ** 32 < frameWinA
    ? 'a'
    : 'b';

describe('the demo feed', () => {
  it('fills an empty schedule with matches under way and upcoming, each committed to its own seed', async () => {
    await step();
    const live = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 20 });
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    expect(live.data.total).toBe(2);
    expect(upcoming.data.total).toBe(3);
    const all = [...live.data.list, ...upcoming.data.list];
    for (const m of all) {
      expect(m.playerA.name).not.toBe(m.playerB.name);
      expect(m.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(m.serverSeed).toBeNull();
    }
    expect(new Set((await demoSeeds()).values()).size).toBe(5);
  });

  it('plays a match visit by visit through the feed, pausing markets between frames, and settles its bets', async () => {
    // The next match, from its start: it has frames, and breaks between them, still to come.
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const matchId = upcoming.data.list[0]!.id;
    t.clock.advance(Date.parse(upcoming.data.list[0]!.startAt) - t.clock.now().getTime());
    await step();
    const player = await fundedPlayer(t, 100_000);
    let page = await matchPage(t, matchId);
    const winnerOpen = () => page.markets.some((m) => m.type === 'winner' && m.status === 'open');
    for (let i = 0; i < 50 && !winnerOpen(); i += 1) {
      t.clock.advance(1_000);
      await step();
      page = await matchPage(t, matchId);
    }
    const winA = await placeBet(t, player, page, 'winner', 'a', 10_000);
    const winB = await placeBet(t, player, page, 'winner', 'b', 10_000);
    expect([winA.code, winB.code]).toEqual([200, 200]);
    // In play they are pending; nothing moves their odds before they are taken.
    await acceptPending(t);

    const played = await playOut(matchId);
    expect(played.sawVisits).toBe(true);
    expect(played.sawSuspended).toBe(true);
    expect(played.oddsOfA.length).toBeGreaterThan(1);
    const ended = await matchPage(t, matchId, player.token);
    expect(ended.markets.every((m) => m.status === 'closed')).toBe(true);
    const won = ended.winner === 'a' ? winA : winB;
    const records = await call(
      t.app,
      bets.betRecordList,
      { status: 'settled', page: 1, pageSize: 20 },
      { token: player.token },
    );
    expect(records.data.list.map((r) => r.status).sort()).toEqual(['lost', 'won']);
    expect((await cashOf(t, player)).balance).toBe(100_000 - 20_000 + won.data.potentialReturn);
  });

  it('reveals a finished match seed, which gives the hash published before and every frame winner; no call or event showed it before', async () => {
    const watcher = await fundedPlayer(t, 0);
    const base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const socket = await openLive(base, await getWssToken(t.app, watcher.token));
    const events: string[] = [];
    socket.socket.on('message', (data) => events.push(data.toString()));
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const next = upcoming.data.list[0]!;
    const scheduled = await everyView(next.id);
    t.clock.advance(Date.parse(next.startAt) - t.clock.now().getTime());
    const played = await playOut(next.id, true);
    await new Promise((r) => setTimeout(r, 300));
    socket.socket.close(1000);

    const seed = (await demoSeeds()).get(next.id)!;
    expect([...scheduled, ...played.answers, ...events].filter((text) => text.includes(seed))).toEqual([]);
    const page = await matchPage(t, next.id);
    expect(page.serverSeed).toBe(seed);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(next.seedHash);
    const { clientSeed, frameWinA, frames } = page.fairness!;
    expect(frames.map((_, n) => recomputed(seed, clientSeed, frameWinA, n))).toEqual(frames);
    expect(frames.filter((w) => w === page.winner)).toHaveLength((page.bestOf + 1) / 2);
    // The schedule is topped up again.
    expect((await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 })).data.total).toBe(3);
    // A whole match, every view read at every step: a long one on a loaded machine takes a while.
  }, 90_000);

  it('cancels, with their bets refunded, the matches an earlier version simulator left unfinished', async () => {
    const [row] = await t.db
      .insert(matches)
      .values({
        playerAName: 'A',
        playerAAvatar: '',
        playerBName: 'B',
        playerBAvatar: '',
        bestOf: 5,
        startAt: t.clock.now(),
        status: 'live',
        frameWinA: 0.5,
        simulated: true,
      })
      .returning();
    await cancelSimulatedMatches(t.app.ctx);
    expect((await matchPage(t, row!.id)).status).toBe('cancelled');
  });

  it('catches up by a snapshot when far behind, a few posts a tick: a day later every match has ended, settled, its frames verifiable', async () => {
    // A budget of 3 posts a tick (8 by default): the day's catch-up takes several ticks.
    const postsPerTick = 3;
    const bounded = new DemoFeed(t.app.ctx, () => base, { ...OPTIONS, postsPerTick });
    const fetches = vi.spyOn(globalThis, 'fetch');
    const posts = () => fetches.mock.calls.filter(([url]) => String(url).includes('/feed/demo-feed/')).length;
    /** Matches due to have started that the demo feed has not finished yet. */
    const behind = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(demoFeedMatches)
          .where(and(eq(demoFeedMatches.finished, false), lte(demoFeedMatches.startAt, t.clock.now())))
      )[0]!.n;
    t.clock.advance(86_400_000);
    const ticks: number[] = [];
    try {
      for (let i = 0; i < 30 && (ticks.length === 0 || (await behind()) > 0); i += 1) {
        fetches.mockClear();
        await bounded.tick();
        ticks.push(posts());
        t.clock.advance(1_000);
      }
    } finally {
      fetches.mockRestore();
    }
    await settlementsDone(t.app.ctx);
    // Every tick posted what its budget allowed at most, and the first left work for the next.
    expect(ticks[0]).toBe(postsPerTick);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(postsPerTick);
    expect(ticks.length).toBeGreaterThan(1);
    expect(await behind()).toBe(0);
    const finished = await call(t.app, taiqiu.matches, { status: 'finished', page: 1, pageSize: 50 });
    const live = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 50 });
    expect(live.data.total).toBe(0);
    const seeds = await demoSeeds();
    const caughtUp = await t.db
      .select({ matchRef: feedEvents.matchRef })
      .from(feedEvents)
      .where(eq(feedEvents.type, 'snapshot'));
    expect(caughtUp.length).toBeGreaterThan(0);
    for (const m of finished.data.list) {
      const page = await matchPage(t, m.id);
      // The list of ended matches holds the cancelled one of the old simulator too.
      if (page.status === 'cancelled') continue;
      const { clientSeed, frameWinA, frames } = page.fairness!;
      expect(page.serverSeed).toBe(seeds.get(m.id));
      expect(frames.map((_, n) => recomputed(page.serverSeed!, clientSeed, frameWinA, n))).toEqual(frames);
      expect(frames.filter((w) => w === page.winner)).toHaveLength((page.bestOf + 1) / 2);
    }
    const open = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM bets WHERE status = 'open'`);
    expect(open[0]!.n).toBe(0);
  });
});
