import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { seedOf } from '../../src/modules/taiqiu/fairness.js';
import { DEFAULT_SIMULATOR, simulatorStep, type SimulatorOptions } from '../../src/modules/taiqiu/simulator.js';
import { matches } from '../../src/modules/taiqiu/tables.js';
import { getWssToken, listenLocal, openLive } from '../helpers/live-client.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf } from '../helpers/withdrawals.js';
import { fundedPlayer, matchPage, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

const OPTIONS: SimulatorOptions = { ...DEFAULT_SIMULATOR, upcoming: 3, liveAtStart: 2 };
const STEP_MS = 5_000;

interface Played {
  scores: string[];
  final: string;
  sawSuspended: boolean;
  /** Distinct winner odds of player a seen while live. */
  oddsOfA: number[];
  /** With `watch`: what every public and operator call answered while the match was not over, as JSON text. */
  answers: string[];
}

/** Every public and operator view of the matches, as JSON text. */
async function everyView(t: TestApp, matchId: number): Promise<string[]> {
  const filters = [undefined, 'live', 'upcoming', 'finished'] as const;
  const views: unknown[] = [await matchPage(t, matchId)];
  for (const status of filters) {
    views.push(await call(t.app, taiqiu.matches, { page: 1, pageSize: 50, ...(status ? { status } : {}) }));
    views.push(
      await adminCall(t.app, taiqiuAdmin.matchesList, { page: 1, pageSize: 50, ...(status ? { status } : {}) }),
    );
  }
  return views.map((v) => JSON.stringify(v));
}

/** Steps the simulator on the test clock until the match has ended; records what a page saw. */
async function playOut(t: TestApp, matchId: number, watch = false): Promise<Played> {
  const played: Played = { scores: [], final: '', sawSuspended: false, oddsOfA: [], answers: [] };
  for (let i = 0; i < 1_000; i += 1) {
    t.clock.advance(STEP_MS);
    expect(await simulatorStep(t.app.ctx, OPTIONS)).toBe(true);
    const page = await matchPage(t, matchId);
    const score = `${page.score.a}:${page.score.b}`;
    if (played.scores.at(-1) !== score) played.scores.push(score);
    if (page.markets.some((m) => m.status === 'suspended')) played.sawSuspended = true;
    const oddsOfA = page.mainOdds?.a;
    if (oddsOfA !== undefined && !played.oddsOfA.includes(oddsOfA)) played.oddsOfA.push(oddsOfA);
    if (page.status === 'finished') {
      played.final = score;
      return played;
    }
    if (watch) played.answers.push(...(await everyView(t, matchId)));
  }
  throw new Error('match did not finish');
}

/** Server seeds of the simulated matches, read from the database (and opened where sealed). */
async function storedSeeds(t: TestApp): Promise<Map<number, string>> {
  const rows = await t.db.select({ id: matches.id, serverSeed: matches.serverSeed }).from(matches);
  return new Map(rows.flatMap((r) => (r.serverSeed ? [[r.id, seedOf(t.app.ctx.secrets, r)!] as const] : [])));
}

/** Frame n's winner recomputed from the revealed seed as a player would, without the server's code. */
function recomputed(serverSeed: string, clientSeed: string, frameWinA: number, n: number): 'a' | 'b' {
  const x = createHmac('sha256', serverSeed).update(`${clientSeed}:${n}:0`).digest().readUInt32BE(0) / 2 ** 32;
  return x < frameWinA ? 'a' : 'b';
}

/** The scores after each frame of the list, from 0:0. */
function runningScores(frames: ('a' | 'b')[], from = { a: 0, b: 0 }): string[] {
  const score = { ...from };
  return frames.map((w) => {
    score[w] += 1;
    return `${score.a}:${score.b}`;
  });
}

/** Checks the revealed seed against the hash published before and recomputes every listed frame. */
function expectVerifiable(page: taiqiu.MatchDetails, hashBefore: string): void {
  const { serverSeed, fairness } = page;
  expect(page.seedHash).toBe(hashBefore);
  expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(createHash('sha256').update(serverSeed!).digest('hex')).toBe(hashBefore);
  expect(fairness!.clientSeed).toBe(`match:${page.id}`);
  expect(fairness!.frames.map((_, n) => recomputed(serverSeed!, fairness!.clientSeed, fairness!.frameWinA, n))).toEqual(
    fairness!.frames,
  );
}

describe('match simulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('fills an empty schedule with live and upcoming matches, each committed to its own seed', async () => {
    expect(await simulatorStep(t.app.ctx, OPTIONS)).toBe(true);
    const live = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 20 });
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    expect(live.data.total).toBe(2);
    expect(upcoming.data.total).toBe(3);
    expect(live.data.list.map((m) => m.score.a + m.score.b).sort()).toEqual([0, 1]);
    const all = [...live.data.list, ...upcoming.data.list];
    for (const m of all) {
      expect(m.playerA.name).not.toBe(m.playerB.name);
      expect([5, 7, 9, 11]).toContain(m.bestOf);
      expect(m.mainOdds?.a).toBeGreaterThan(1);
      expect(m.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(m.serverSeed).toBeNull();
    }
    const starts = upcoming.data.list.map((m) => Date.parse(m.startAt));
    expect(starts.every((s) => s > t.clock.now().getTime())).toBe(true);
    const seeds = [...(await storedSeeds(t)).values()];
    expect(seeds).toHaveLength(5);
    expect(new Set(seeds).size).toBe(5);
    expect(new Set(all.map((m) => m.seedHash)).size).toBe(5);
  });

  it('plays a live match frame by frame, moving odds, pausing markets, and settles its bets', async () => {
    const live = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 20 });
    const matchId = live.data.list[0]!.id;
    const player = await fundedPlayer(t, 100_000);
    const before = await matchPage(t, matchId);
    const winA = await placeBet(t, player, before, 'winner', 'a', 10_000);
    const winB = await placeBet(t, player, before, 'winner', 'b', 10_000);
    expect([winA.code, winB.code]).toEqual([200, 200]);

    const played = await playOut(t, matchId);
    expect(played.sawSuspended).toBe(true);
    expect(played.scores.length).toBeGreaterThan(2);
    expect(played.oddsOfA.length).toBeGreaterThan(1);
    const page = await matchPage(t, matchId, player.token);
    expect(page.markets.every((m) => m.status === 'closed')).toBe(true);
    const winner = page.winner!;
    const won = winner === 'a' ? winA : winB;
    const records = await call(
      t.app,
      bets.betRecordList,
      { status: 'settled', page: 1, pageSize: 20 },
      { token: player.token },
    );
    expect(records.data.list.map((r) => r.status).sort()).toEqual(['lost', 'won']);
    expect(records.data.list.every((r) => r.result === played.final)).toBe(true);
    expect((await cashOf(t, player)).balance).toBe(100_000 - 20_000 + won.data.potentialReturn);
    // The schedule is topped up again.
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    expect(upcoming.data.total).toBe(OPTIONS.upcoming);
  });

  it('a live match whose next step was set by a clock since put back is stepped at the next tick, not a day later', async () => {
    const DAY = 86_400_000;
    // Steps taken while the clock ran a day ahead set the next ones from there.
    t.clock.advance(DAY);
    expect(await simulatorStep(t.app.ctx, OPTIONS)).toBe(true);
    t.clock.advance(-DAY);
    // A match still live after that step (another may have ended on it), its next step a day away.
    const [ahead] = await t.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.status, 'live'), gt(matches.nextStepAt, new Date(t.clock.now().getTime() + DAY / 2))))
      .limit(1);
    expect(ahead).toBeDefined();
    t.clock.advance(STEP_MS);
    expect(await simulatorStep(t.app.ctx, OPTIONS)).toBe(true);
    const [row] = await t.db
      .select({ status: matches.status, at: matches.nextStepAt })
      .from(matches)
      .where(eq(matches.id, ahead!.id));
    // Stepped now: played on (its next step a frame away) or, on its last frame, finished.
    if (row!.status === 'live')
      expect(row!.at!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + OPTIONS.frameMs[1]);
    else expect(row!.status).toBe('finished');
  });

  it('a finished match reveals its seed, which gives the hash published before it and every frame winner', async () => {
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const next = upcoming.data.list[0]!;
    const committed = next.seedHash!;
    t.clock.advance(Date.parse(next.startAt) - t.clock.now().getTime());
    const played = await playOut(t, next.id);

    const page = await matchPage(t, next.id);
    expectVerifiable(page, committed);
    const frames = page.fairness!.frames;
    // Every frame was drawn: the frames add up to the final score, in the order the page saw them.
    expect(['0:0', ...runningScores(frames)]).toEqual(played.scores);
    expect(runningScores(frames).at(-1)).toBe(played.final);
    expect(frames.filter((w) => w === page.winner)).toHaveLength((page.bestOf + 1) / 2);
  });

  it('no call and no live event shows a seed before its match has ended', async () => {
    const base = await listenLocal(t.app);
    const watcher = await fundedPlayer(t, 0);
    const socket = await openLive(base, await getWssToken(t.app, watcher.token));
    const events: string[] = [];
    socket.socket.on('message', (data) => events.push(data.toString()));
    const isEnd = (text: string) => text.includes('"type":"MATCH_UPDATED"') && text.includes('"status":"finished"');

    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const matchId = upcoming.data.list[0]!.id;
    const scheduled = await everyView(t, matchId);
    t.clock.advance(Date.parse(upcoming.data.list[0]!.startAt) - t.clock.now().getTime());
    const played = await playOut(t, matchId, true);
    for (let i = 0; i < 250 && !events.some((e) => isEnd(e) && e.includes(`"matchId":${matchId},`)); i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    socket.socket.close(1000);
    expect(events.filter((e) => e.includes('MATCH_UPDATED')).length).toBeGreaterThan(3);

    const seeds = await storedSeeds(t);
    const seed = seeds.get(matchId)!;
    const before = [...scheduled, ...played.answers];
    expect(before.filter((text) => text.includes(seed))).toEqual([]);
    // Matches still running: their seeds were never shown, and are not now.
    const finished = await call(t.app, taiqiu.matches, { status: 'finished', page: 1, pageSize: 50 });
    const ended = new Set(finished.data.list.map((m) => m.id));
    const running = [...seeds].filter(([id]) => !ended.has(id)).map(([, s]) => s);
    expect(running.length).toBeGreaterThan(0);
    const all = [...before, ...(await everyView(t, matchId))];
    expect(all.filter((text) => running.some((s) => text.includes(s)))).toEqual([]);
    // Live events never carry a seed; the match's own answer does once it has ended.
    expect(events.filter((text) => [...seeds.values()].some((s) => text.includes(s)))).toEqual([]);
    expect((await matchPage(t, matchId)).serverSeed).toBe(seed);
  });

  it('a simulated match the operator puts live is played on from the operator’s score; only drawn frames are listed', async () => {
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const match = upcoming.data.list[0]!;
    const res = await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 0, b: 2 });
    expect(res.code, res.msg).toBe(200);
    const played = await playOut(t, match.id);
    expect(played.scores[0]).toBe('0:2');

    const page = await matchPage(t, match.id);
    expectVerifiable(page, match.seedHash!);
    expect(runningScores(page.fairness!.frames, { a: 0, b: 2 }).at(-1)).toBe(played.final);
  });

  it('a cancelled simulated match reveals its seed; an operator-run match has no commitment', async () => {
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const match = upcoming.data.list[0]!;
    const res = await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id });
    expect(res.code, res.msg).toBe(200);
    const cancelled = await matchPage(t, match.id);
    expectVerifiable(cancelled, match.seedHash!);
    expect(cancelled.fairness!.frames).toEqual([]);

    const manual = await newMatch(t, { bestOf: 5 });
    expect(manual).toMatchObject({ seedHash: null, serverSeed: null, fairness: null });
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: manual.id, a: 3, b: 1 });
    expect(await matchPage(t, manual.id)).toMatchObject({ status: 'finished', seedHash: null, serverSeed: null });
  });
});
