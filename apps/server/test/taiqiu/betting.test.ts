import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, cashOf } from '../helpers/withdrawals.js';
import { fundedPlayer, matchPage, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';

describe('billiards betting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** What a refused bet must leave untouched. */
  const written = async () => ({ bets: await rowCount(t.db, 'bets'), transfers: await rowCount(t.db, 'transfers') });

  it('places a bet: stake debited with the bet row, potential return floor(stake × odds)', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const { sel } = selectionOf(match, 'winner', 'a');
    const res = await placeBet(t, player, match, 'winner', 'a', 12_345);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual({
      betNo: expect.stringMatching(/^\d{20}$/),
      status: 'open',
      stake: 12_345,
      odds: sel.odds,
      potentialReturn: Math.floor((12_345 * Math.round(sel.odds * 1000)) / 1000),
    });
    expect(await cashOf(t, player)).toEqual({ balance: 100_000 - 12_345, frozen: 0 });
    const page = await matchPage(t, match.id, player.token);
    expect(page.myBets).toMatchObject([
      { betNo: res.data.betNo, status: 'open', stake: 12_345, pick: 'a', marketType: 'winner' },
    ]);
    expect((await matchPage(t, match.id)).myBets).toBeUndefined();
  });

  it('100 bets at once with a balance for 10: exactly 10 are accepted', async () => {
    const player = await fundedPlayer(t, 10 * 1_000);
    const match = await newMatch(t);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => placeBet(t, player, match, 'oddeven', 'odd', 1_000)),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 422, msg: '余额不足' });
    expect(await cashOf(t, player)).toEqual({ balance: 0, frozen: 0 });
    expect((await matchPage(t, match.id, player.token)).myBets).toHaveLength(10);
  });

  it('refuses a suspended or closed market and an ended match (422), writing nothing', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const { market } = selectionOf(match, 'total', 'over');
    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id });
    const before = await written();
    const suspended = await placeBet(t, player, match, 'total', 'over', 1_000);
    expect(suspended).toMatchObject({ code: 422, msg: '该玩法暂停投注，请稍后再试' });
    expect((await matchPage(t, match.id)).markets.find((m) => m.id === market.id)?.status).toBe('suspended');
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id });
    expect((await placeBet(t, player, match, 'total', 'over', 1_000)).code).toBe(200);

    // 3:0 in a best of 7: at least 4 frames will be played… and 4:0 decides the winner market.
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 3, b: 0 });
    const live = await matchPage(t, match.id);
    const closedBefore = await written();
    const oddeven = await placeBet(t, player, live, 'oddeven', 'odd', 1_000, { acceptOddsChange: true });
    expect(oddeven.code).toBe(200);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 });
    const ended = await placeBet(t, player, live, 'winner', 'a', 1_000, { acceptOddsChange: true });
    expect(ended).toMatchObject({ code: 422, msg: '赛事已结束或已取消，不能投注' });
    expect((await written()).bets).toBe(closedBefore.bets + 1);
    expect(before.bets).toBe(closedBefore.bets - 1);
  });

  it('a market whose outcome is certain closes: betting on it is refused', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t, { bestOf: 5, totalLine: 3.5 });
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 2, b: 2 });
    const live = await matchPage(t, match.id);
    expect(live.markets.find((m) => m.type === 'total')?.status).toBe('closed');
    const before = await written();
    const res = await placeBet(t, player, live, 'total', 'over', 1_000, { acceptOddsChange: true });
    expect(res).toMatchObject({ code: 422, msg: '该玩法已封盘' });
    expect(await written()).toEqual(before);
  });

  it('changed odds: 409 with the current odds, unless accepted (then the current odds are used)', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const { market, sel } = selectionOf(match, 'handicap', 'b');
    await adminCall(t.app, taiqiuAdmin.oddsSet, { selectionId: sel.id, odds: 2.345 });
    const before = await written();
    const body = { matchId: match.id, marketId: market.id, selectionId: sel.id, stake: 5_000, odds: sel.odds };
    const refused = await call(t.app, taiqiu.bet, body, { token: player.token });
    expect(refused).toMatchObject({ code: 409, data: { currentOdds: 2.345, field: 'odds' } });
    expect(refused.msg).toContain('2.345');
    const english = await call(t.app, taiqiu.bet, body, { token: player.token, lang: 'en' });
    expect(english.msg).toBe('The odds have changed to 2.345; please confirm and bet again');
    expect(await written()).toEqual(before);
    expect(await cashOf(t, player)).toEqual({ balance: 100_000, frozen: 0 });

    const accepted = await call(t.app, taiqiu.bet, { ...body, acceptOddsChange: true }, { token: player.token });
    expect(accepted.data).toMatchObject({ odds: 2.345, potentialReturn: 11_725, stake: 5_000 });
  });

  it('stake outside the market limits: 422 naming the limit, nothing written', async () => {
    const player = await fundedPlayer(t, 10_000_000);
    const match = await newMatch(t, { minStake: 2_000, maxStake: 50_000 });
    const before = await written();
    expect(await placeBet(t, player, match, 'winner', 'a', 1_999)).toMatchObject({
      code: 422,
      msg: '单注最低 ¥20.00',
      data: { field: 'stake' },
    });
    expect(await placeBet(t, player, match, 'winner', 'a', 50_001)).toMatchObject({
      code: 422,
      msg: '单注最高 ¥500.00',
    });
    expect(await written()).toEqual(before);
    expect((await placeBet(t, player, match, 'winner', 'a', 50_000)).code).toBe(200);
  });

  it('unknown match, market or selection, a selection of another market, bad stakes and odds: 4xx, nothing written', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const other = await newMatch(t);
    const { market, sel } = selectionOf(match, 'winner', 'a');
    const { sel: foreign } = selectionOf(match, 'total', 'over');
    const { market: otherMarket } = selectionOf(other, 'winner', 'a');
    const good = { matchId: match.id, marketId: market.id, selectionId: sel.id, stake: 1_000, odds: sel.odds };
    const before = await written();
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ matchId: 999_999 }, 404, '赛事不存在'],
      [{ marketId: 999_999 }, 404, '该玩法不存在'],
      [{ marketId: otherMarket.id }, 404, '该玩法不存在'],
      [{ selectionId: 999_999 }, 404, '该投注项不属于此玩法'],
      [{ selectionId: foreign.id }, 404, '该投注项不属于此玩法'],
      [{ stake: 1_000.5 }, 400, '投注金额: 须为整数金额'],
      [{ stake: -1_000 }, 400, '投注金额: 须大于 0'],
      [{ stake: 0 }, 400],
      [{ stake: '1000' }, 400],
      [{ odds: 1.9999 }, 400],
      [{ odds: 0.5 }, 400],
      [{ matchId: 1.5 }, 400],
      [{ extra: true }, 400],
    ];
    for (const [change, code, msg] of cases) {
      const res = await call(t.app, taiqiu.bet, { ...good, ...change }, { token: player.token });
      expect({ change, code: res.code }).toEqual({ change, code });
      if (msg) expect(res.msg).toBe(msg);
    }
    expect((await call(t.app, taiqiu.bet, good)).code).toBe(401);
    expect(await written()).toEqual(before);
    expect(await cashOf(t, player)).toEqual({ balance: 100_000, frozen: 0 });
  });

  it('lists matches by filter with the winner odds; an unknown match is 404', async () => {
    const scheduled = await newMatch(t);
    const live = await newMatch(t);
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: live.id, a: 0, b: 1 });
    const liveList = await call(t.app, taiqiu.matches, { status: 'live', page: 1, pageSize: 100 });
    expect(liveList.data.list.map((m) => m.id)).toContain(live.id);
    expect(liveList.data.list.every((m) => m.status === 'live')).toBe(true);
    const upcoming = await call(t.app, taiqiu.matches, { status: 'upcoming', page: 1, pageSize: 100 });
    const item = upcoming.data.list.find((m) => m.id === scheduled.id);
    expect(item).toMatchObject({
      status: 'scheduled',
      bestOf: 7,
      playerA: { name: '林浩然', avatar: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
      score: { a: 0, b: 0 },
      mainOdds: { status: 'open', a: expect.any(Number), b: expect.any(Number) },
    });
    const all = await call(t.app, taiqiu.matches, { page: 1, pageSize: 100 });
    const statuses = all.data.list.map((m) => m.status);
    expect(statuses.indexOf('live')).toBeLessThan(statuses.indexOf('scheduled'));
    expect((await call(t.app, taiqiu.match, { id: 999_999 })).code).toBe(404);
    const english = await call(t.app, taiqiu.match, { id: scheduled.id }, { lang: 'en' });
    // Scored by hand: no markets that need the visits (frame points, breaks) unless switched on.
    expect(english.data.markets.map((m) => m.name)).toEqual([
      'Winner',
      'Frame handicap',
      'Total frames',
      'Odd/Even',
      'Correct score',
      'Race to 3',
      'Frame 1 winner',
      'Frame 2 winner',
    ]);
  });
});
