import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, taiqiuAdmin, wallet, type taiqiu } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, type TestPlayer } from '../helpers/withdrawals.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

describe('bet records', () => {
  let t: TestApp;
  let player: TestPlayer;
  const placed: Record<string, { betNo: string; odds: number; potentialReturn: number }> = {};
  let startedAt: string;

  beforeAll(async () => {
    t = await startTaiqiuApp();
    player = await fundedPlayer(t, 1_000_000);
    startedAt = t.clock.now().toISOString();
    const bet = async (
      name: string,
      match: taiqiu.MatchDetails,
      type: taiqiu.MarketType,
      pick: taiqiu.Pick,
      stake: number,
    ) => {
      t.clock.advance(1_000);
      const res = await placeBet(t, player, match, type, pick, stake);
      if (res.code !== 200) throw new Error(res.msg);
      placed[name] = res.data;
    };
    const open = await newMatch(t, { playerA: '王一鸣', playerB: '赵天宇' });
    await bet('open1', open, 'winner', 'a', 10_000);
    await bet('open2', open, 'total', 'over', 20_000);
    const settled = await newMatch(t, { handicapLine: -1.5, totalLine: 5.5 });
    await bet('won', settled, 'winner', 'a', 30_000);
    await bet('lost', settled, 'handicap', 'b', 40_000);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: settled.id, a: 4, b: 1 });
    const cancelled = await newMatch(t);
    await bet('void', cancelled, 'oddeven', 'even', 50_000);
    await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: cancelled.id });
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const list = (body: Record<string, unknown>, who = player) =>
    call(t.app, bets.betRecordList, { page: 1, pageSize: 20, ...body }, { token: who.token });

  it('lists every bet newest first with the summary over the whole filter', async () => {
    const res = await list({});
    expect(res.code).toBe(200);
    expect(res.data.list.map((r) => r.betNo)).toEqual(
      ['void', 'lost', 'won', 'open2', 'open1'].map((k) => placed[k]!.betNo),
    );
    const won = placed.won!.potentialReturn;
    expect(res.data.summary).toEqual({
      count: 5,
      stake: 150_000,
      validBet: 70_000,
      payout: won + 50_000,
      winLoss: won - 30_000 - 40_000,
    });
    expect(res.data.list.find((r) => r.betNo === placed.won!.betNo)).toMatchObject({
      gameType: 'taiqiu',
      gameName: '林浩然 vs 陈子轩',
      stake: 30_000,
      validBet: 30_000,
      payout: won,
      status: 'won',
      marketName: '独赢',
      selectionName: '林浩然',
      odds: placed.won!.odds,
      potentialReturn: won,
      result: '4:1',
      settledAt: expect.any(String),
    });
    const page2 = await list({ page: 2, pageSize: 2 });
    expect(page2.data.list.map((r) => r.betNo)).toEqual([placed.won!.betNo, placed.open2!.betNo]);
    expect(page2.data).toMatchObject({ total: 5, page: 2, pageSize: 2, summary: { count: 5 } });
  });

  it('filters by status, game type and time', async () => {
    const open = await list({ status: 'open' });
    expect(open.data.list.map((r) => r.status)).toEqual(['open', 'open']);
    expect(open.data.summary).toEqual({ count: 2, stake: 30_000, validBet: 0, payout: 0, winLoss: 0 });
    const settled = await list({ status: 'settled' });
    expect(settled.data.list.map((r) => r.status)).toEqual(['lost', 'won']);
    const voided = await list({ status: 'void' });
    expect(voided.data.list).toMatchObject([{ status: 'void', payout: 50_000, validBet: 0 }]);
    expect((await list({ gameType: 'taiqiu' })).data.total).toBe(5);
    expect((await list({ gameType: 'slots' })).data).toMatchObject({
      total: 0,
      list: [],
      summary: { count: 0, stake: 0 },
    });
    const firstTwo = new Date(Date.parse(startedAt) + 2_500).toISOString();
    expect((await list({ to: firstTwo })).data.list.map((r) => r.betNo)).toEqual([
      placed.open2!.betNo,
      placed.open1!.betNo,
    ]);
    expect((await list({ from: firstTwo })).data.total).toBe(3);
    expect((await list({ status: 'won' })).code).toBe(400);
    expect((await list({ from: 'yesterday' })).code).toBe(400);
    expect((await list({ pageSize: 101 })).code).toBe(400);
  });

  it('details carry odds, market, selection, line, result and win/loss; only for the bettor', async () => {
    const res = await call(t.app, bets.betRecordDetails, { betNo: placed.lost!.betNo }, { token: player.token });
    expect(res.data).toMatchObject({
      betNo: placed.lost!.betNo,
      gameName: '林浩然 vs 陈子轩',
      marketType: 'handicap',
      marketName: '让局',
      pick: 'b',
      selectionName: '陈子轩 +1.5',
      line: -1.5,
      odds: placed.lost!.odds,
      status: 'lost',
      payout: 0,
      winLoss: -40_000,
      result: '4:1',
      // The match by its players and start, from the billiards game, not its id.
      round: { title: '林浩然 vs 陈子轩', startAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const english = await call(
      t.app,
      bets.betRecordDetails,
      { betNo: placed.lost!.betNo },
      { token: player.token, lang: 'en' },
    );
    expect(english.data).toMatchObject({ marketName: 'Frame handicap', selectionName: '陈子轩 +1.5' });
    const englishList = await call(t.app, bets.betRecordList, {}, { token: player.token, lang: 'en' });
    expect(englishList.data.list.map((r) => r.marketName)).not.toContain('让局');
    const open = await call(t.app, bets.betRecordDetails, { betNo: placed.open1!.betNo }, { token: player.token });
    expect(open.data).toMatchObject({
      status: 'open',
      winLoss: null,
      settledAt: null,
      result: null,
      gameName: '王一鸣 vs 赵天宇',
    });

    const other = await fundedPlayer(t, 0);
    const theirs = await call(t.app, bets.betRecordDetails, { betNo: placed.won!.betNo }, { token: other.token });
    expect(theirs).toMatchObject({ code: 404, msg: '注单不存在', data: null });
    expect((await list({}, other)).data).toMatchObject({ total: 0, summary: { count: 0 } });
    expect((await call(t.app, bets.betRecordDetails, { betNo: 'nope' }, { token: player.token })).code).toBe(404);
    // Fund details name each bet line's bet with its game type, so the app links to that bet.
    const ledger = await call(t.app, wallet.balanceDetails, { page: 1, pageSize: 100 }, { token: player.token });
    const betLines = ledger.data.list.filter((e) => e.reference.table === 'bets');
    expect(betLines.length).toBeGreaterThan(0);
    for (const line of betLines) expect(line.reference.context).toBe('taiqiu');
    expect(betLines.map((e) => e.reference.id)).toContain(placed.lost!.betNo);
    const one = await call(t.app, wallet.balanceDetailsItem, { id: betLines[0]!.id }, { token: player.token });
    expect(one.data.reference).toMatchObject({ table: 'bets', context: 'taiqiu' });
    // The operator's funding of the player: no bet behind it, so no game type.
    const funding = ledger.data.list.find((e) => e.reference.table !== 'bets');
    expect(funding?.reference).toMatchObject({ table: 'admin_audit', context: null });
    expect((await call(t.app, bets.betRecordDetails, { betNo: placed.won!.betNo })).code).toBe(401);
  });
});
