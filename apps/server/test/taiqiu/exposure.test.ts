import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiuAdmin } from '@breakshot/contracts';
import type { TestApp } from '../helpers/test-app.js';
import { fundedPlayer, marketOf, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import { adminCall } from '../helpers/withdrawals.js';

/*
 * The book's exposure overview (docs/design.md §9, "Exposure"): every match open to bets with
 * its open bets, stakes and worst case as its liability reads them, how full its fullest limited
 * market is, its held markets and open alerts; the worst first; the book's totals; an ended
 * match gone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const exposure = async () => {
  const res = await adminCall(t.app, taiqiuAdmin.exposure, {});
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

describe('the exposure overview', () => {
  it('lists the open matches worst first, each as its liability reads, with its limits, held markets and alerts', async () => {
    const [quiet, busy, ended] = [await newMatch(t), await newMatch(t), await newMatch(t)];
    const player = await fundedPlayer(t, 1_000_000);
    await adminCall(t.app, taiqiuAdmin.limitSet, {
      matchId: busy.id,
      type: 'winner',
      liabilityLimit: 500_000,
      reason: '风控',
    });
    await adminCall(t.app, taiqiuAdmin.tradingRulesSet, { liabilityLimits: [], bigBet: 20_000, reason: '风控' });
    for (const [pick, stake] of [
      ['a', 30_000],
      ['b', 5_000],
    ] as const)
      expect((await placeBet(t, player, busy, 'winner', pick, stake)).code).toBe(200);
    expect((await placeBet(t, player, busy, 'total', 'over', 2_000)).code).toBe(200);
    expect((await placeBet(t, player, ended, 'winner', 'a', 1_000)).code).toBe(200);
    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: marketOf(busy, 'total').id });
    await adminCall(t.app, taiqiuAdmin.tradingRulesSet, { liabilityLimits: [], bigBet: null, reason: '风控' });
    await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: ended.id });

    const book = await exposure();
    const ids = book.matches.map((m) => m.matchId);
    expect(ids).toContain(quiet.id);
    expect(ids).not.toContain(ended.id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(quiet.id));

    const liability = (await adminCall(t.app, taiqiuAdmin.liability, { matchId: busy.id })).data;
    const winner = liability.markets.find((m) => m.marketId === marketOf(busy, 'winner').id)!;
    expect(book.matches.find((m) => m.matchId === busy.id)).toEqual({
      matchId: busy.id,
      matchName: '林浩然 vs 陈子轩',
      status: 'scheduled',
      startAt: busy.startAt,
      score: { a: 0, b: 0 },
      openBets: 3,
      stake: 37_000,
      worst: liability.worst,
      fullestBp: Math.floor((winner.worst * 10_000) / 500_000),
      heldMarkets: 1,
      // The big bet, and the player then backing the other side.
      openAlerts: 2,
    });
    expect(book.matches.find((m) => m.matchId === quiet.id)).toMatchObject({
      openBets: 0,
      stake: 0,
      worst: 0,
      fullestBp: null,
      heldMarkets: 0,
      openAlerts: 0,
    });
    expect(book.worst).toBe(book.matches.reduce((sum, m) => sum + m.worst, 0));
    expect(book.openBets).toBe(book.matches.reduce((sum, m) => sum + m.openBets, 0));
  });
});
