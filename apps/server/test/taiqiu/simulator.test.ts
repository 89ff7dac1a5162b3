import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { DEFAULT_SIMULATOR, simulatorStep, type SimulatorOptions } from '../../src/modules/taiqiu/simulator.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf } from '../helpers/withdrawals.js';
import { fundedPlayer, matchPage, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

const OPTIONS: SimulatorOptions = { ...DEFAULT_SIMULATOR, upcoming: 3, liveAtStart: 2, seed: 20_240_601 };
const STEP_MS = 5_000;

interface Played {
  players: string[];
  scores: string[];
  final: string;
  sawSuspended: boolean;
  /** Distinct winner odds of player a seen while live. */
  oddsOfA: number[];
}

/** Steps the simulator on the test clock until the match has ended; records what a page saw. */
async function playOut(t: TestApp, matchId: number): Promise<Played> {
  const first = await matchPage(t, matchId);
  const played: Played = {
    players: [first.playerA.name, first.playerB.name],
    scores: [],
    final: '',
    sawSuspended: false,
    oddsOfA: [],
  };
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
  }
  throw new Error('match did not finish');
}

describe('match simulator', () => {
  let t: TestApp;
  let twin: TestApp;
  let firstPlayed: Played | undefined;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    twin = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await Promise.all([t.close(), twin.close()]);
  });

  it('fills an empty schedule with live and upcoming matches', async () => {
    expect(await simulatorStep(t.app.ctx, OPTIONS)).toBe(true);
    const live = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 20 });
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    expect(live.data.total).toBe(2);
    expect(upcoming.data.total).toBe(3);
    expect(live.data.list.map((m) => m.score.a + m.score.b).sort()).toEqual([0, 1]);
    for (const m of [...live.data.list, ...upcoming.data.list]) {
      expect(m.playerA.name).not.toBe(m.playerB.name);
      expect([5, 7, 9, 11]).toContain(m.bestOf);
      expect(m.mainOdds?.a).toBeGreaterThan(1);
    }
    const starts = upcoming.data.list.map((m) => Date.parse(m.startAt));
    expect(starts.every((s) => s > t.clock.now().getTime())).toBe(true);
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
    firstPlayed = played;
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

  it('the same seed plays the same matches', async () => {
    expect(await simulatorStep(twin.app.ctx, OPTIONS)).toBe(true);
    const live = await call(twin.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 20 });
    const played = await playOut(twin, live.data.list[0]!.id);
    expect(played).toEqual(firstPlayed);
  });

  it('a simulated match the operator puts live is played on from the operator’s score', async () => {
    const upcoming = await call(twin.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 20 });
    const match = upcoming.data.list[0]!;
    const res = await adminCall(twin.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 0, b: 2 });
    expect(res.code, res.msg).toBe(200);
    const played = await playOut(twin, match.id);
    expect(played.scores[0]).toBe('0:2');
    expect(played.final).toMatch(/:/);
  });
});
