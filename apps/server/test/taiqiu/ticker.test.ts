import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerRiskAdmin, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { fundedPlayer, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';
import { adminCall } from '../helpers/withdrawals.js';

/*
 * The bet ticker (docs/design.md §9, "The ticker"): billiards bets newest first with who placed
 * them, their legs, a stake cut by the limits and a limited player's factor and tags; filtered by
 * match (parlays with a leg on it included), market type, stake and the player's tag; paged back by id.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const tickerOf = async (input: Record<string, unknown> = {}) => {
  const res = await adminCall(t.app, taiqiuAdmin.ticker, input);
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

describe('the ticker', () => {
  it('shows singles and parlays newest first, each with its player, legs and odds; filters by match, type and stake', async () => {
    const [m1, m2] = [await newMatch(t), await newMatch(t)];
    const player = await fundedPlayer(t, 500_000);
    const sharp = await fundedPlayer(t, 500_000);
    await adminCall(t.app, taiqiuAdmin.playerLimitsSet, {
      userId: sharp.userId,
      stakeFactorBp: 2_000,
      maxStake: null,
      reason: 'sharp',
    });
    const tagged = await adminCall(t.app, playerRiskAdmin.playerTagsSet, {
      userId: sharp.userId,
      tags: ['sharp', '对冲'],
    });
    expect(tagged.code, tagged.msg).toBe(200);
    const single = await placeBet(t, player, m1, 'winner', 'a', 1_000);
    const big = await placeBet(t, sharp, m2, 'handicap', 'b', 3_000);
    const legOf = (m: taiqiu.MatchDetails) => {
      const { market, sel } = selectionOf(m, 'winner', 'b');
      return { matchId: m.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
    };
    const slip = await call(
      t.app,
      taiqiu.parlay,
      { legs: [legOf(m1), legOf(m2)], sizes: [2], unitStake: 2_000 },
      { token: player.token },
    );
    for (const r of [single, big, slip]) expect(r.code, r.msg).toBe(200);

    const { items } = await tickerOf();
    const [p, b, s] = items;
    expect([p, b, s].map((i) => i!.betNo)).toEqual([slip.data.betNo, big.data.betNo, single.data.betNo]);
    expect(s).toMatchObject({
      kind: 'single',
      username: player.username,
      stakeFactorBp: 10_000,
      stake: 1_000,
      askedStake: null,
      status: 'open',
      odds: single.data.odds,
      legs: [{ matchId: m1.id, marketType: 'winner', matchName: '林浩然 vs 陈子轩' }],
    });
    expect(b).toMatchObject({ username: sharp.username, stakeFactorBp: 2_000, tags: ['sharp', '对冲'] });
    expect(s!.tags).toEqual([]);
    const legOdds = slip.data.legs.map((l) => l.odds);
    expect(p).toMatchObject({
      kind: 'parlay',
      stake: 2_000,
      legs: [
        { matchId: m1.id, marketType: 'winner', odds: legOdds[0] },
        { matchId: m2.id, marketType: 'winner', odds: legOdds[1] },
      ],
    });
    expect(p!.odds).toBe(Math.floor((slip.data.potentialReturn * 100) / 2_000) / 100);

    const onM2 = await tickerOf({ matchId: m2.id });
    expect(onM2.items.map((i) => i.betNo)).toEqual([slip.data.betNo, big.data.betNo]);
    const handicaps = await tickerOf({ marketType: 'handicap' });
    expect(handicaps.items.map((i) => i.betNo)).toEqual([big.data.betNo]);
    const winnersOnM1 = await tickerOf({ matchId: m1.id, marketType: 'winner', minStake: 1_500 });
    expect(winnersOnM1.items.map((i) => i.betNo)).toEqual([slip.data.betNo]);
    const sharps = await tickerOf({ tag: 'sharp' });
    expect(sharps.items.map((i) => i.betNo)).toEqual([big.data.betNo]);
    expect((await tickerOf({ tag: 'watch' })).items).toEqual([]);
  });

  it('a stake cut to the limit shows what the player asked for', async () => {
    const match = await newMatch(t);
    await adminCall(t.app, taiqiuAdmin.limitSet, {
      matchId: match.id,
      type: 'winner',
      liabilityLimit: 1_000,
      reason: '风控',
    });
    const player = await fundedPlayer(t, 100_000);
    const res = await placeBet(t, player, match, 'winner', 'a', 50_000);
    expect(res.code, res.msg).toBe(200);
    const [item] = (await tickerOf({ matchId: match.id })).items;
    expect(item).toMatchObject({ stake: res.data.stake, askedStake: 50_000 });
    expect(item!.stake).toBeLessThan(50_000);
  });

  it('pages back by id, fifty at a time', async () => {
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 10_000_000);
    const placed: string[] = [];
    for (let i = 0; i < taiqiuAdmin.TICKER_PAGE + 3; i += 1) {
      const res = await placeBet(t, player, match, 'oddeven', i % 2 ? 'odd' : 'even', 1_000 + i);
      expect(res.code, res.msg).toBe(200);
      placed.push(res.data.betNo);
    }
    const first = await tickerOf({ matchId: match.id });
    expect(first.more).toBe(true);
    expect(first.items).toHaveLength(taiqiuAdmin.TICKER_PAGE);
    const second = await tickerOf({ matchId: match.id, beforeId: first.items.at(-1)!.id });
    expect(second.more).toBe(false);
    expect([...first.items, ...second.items].map((i) => i.betNo)).toEqual(placed.reverse());
  });
});
