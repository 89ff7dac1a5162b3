import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { taiqiu } from '@breakshot/contracts';
import { bets, cashout, taiqiuAdmin } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import { fundedPlayer, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * Cash-out (提前结算) through its calls: quotes, full and partial cash-outs through the ledger, the
 * tolerance and the expiry, what makes it unavailable, the operator's switch and rules, and the
 * settlement of what still runs (docs/design.md §9, "Cash-out"). Races and the automatic cash-out
 * are in cashout-races.test.ts; random play against a model in cashout-model.test.ts.
 */

const STAKE = 10_000;

describe('cash-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const as = (player: TestPlayer) => ({ token: player.token });
  const quote = (player: TestPlayer, betNo: string) => call(t.app, cashout.quote, { betNo }, as(player));
  const take = (player: TestPlayer, betNo: string, quoteId: string, stakePart: number) =>
    call(t.app, cashout.cashout, { betNo, quoteId, stakePart }, as(player));
  /** The fresh quote a 409 cashoutRequote carries. */
  const requoteOf = (res: { code: number; data: unknown }) => {
    expect(res.code).toBe(409);
    return (res.data as { quote: cashout.Quote }).quote;
  };
  const record = async (player: TestPlayer, betNo: string) => {
    const res = await call(t.app, bets.betRecordDetails, { betNo }, as(player));
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const betOn = async (player: TestPlayer, match: taiqiu.MatchDetails, pick: 'a' | 'b' = 'a') => {
    const res = await placeBet(t, player, match, 'winner', pick, STAKE);
    expect(res.code, res.msg).toBe(200);
    return res.data.betNo;
  };

  it('quotes a fair value less the margin, for a few seconds, and only the owner may', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const q = await quote(player, betNo);
    expect(q.code, q.msg).toBe(200);
    // Before the start, at the price just taken: about the stake, less the book's and cash-out's margins.
    expect(q.data.value).toBeGreaterThan(STAKE * 0.85);
    expect(q.data.value).toBeLessThan(STAKE * 0.96);
    expect(q.data.runningStake).toBe(STAKE);
    expect(Date.parse(q.data.expiresAt) - t.clock.now().getTime()).toBe(cashout.QUOTE_TTL_MS);

    const other = await fundedPlayer(t, 0);
    expect((await quote(other, betNo)).code).toBe(404);
    expect((await take(other, betNo, q.data.quoteId, STAKE)).code).toBe(404);
    const values = await call(t.app, cashout.values, {}, as(player));
    expect(values.data.bets).toEqual([
      { betNo, runningStake: STAKE, value: q.data.value, unavailable: null, autoAt: null },
    ]);
  });

  it('cashes out half: paid its share, the rest runs and settles at its share of the return', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const q = await quote(player, betNo);
    const half = await take(player, betNo, q.data.quoteId, STAKE / 2);
    expect(half.code, half.msg).toBe(200);
    const paid = Math.floor(q.data.value / 2);
    expect(half.data).toEqual({ betNo, paid, stakePart: STAKE / 2, runningStake: STAKE / 2, status: 'open' });
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + paid);
    // A quote is taken once.
    const again = await take(player, betNo, q.data.quoteId, STAKE / 2);
    expect(requoteOf(again)).toMatchObject({ betNo, runningStake: STAKE / 2 });

    const oddsMilli = Math.round(selectionOf(match, 'winner', 'a').sel.odds * 1000);
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 1 })).code).toBe(200);
    const whole = Math.floor((STAKE * oddsMilli) / 1000);
    const running = Math.floor(whole / 2);
    const settled = await record(player, betNo);
    expect(settled).toMatchObject({
      status: 'won',
      payout: running + paid,
      cashoutStake: STAKE / 2,
      cashoutPaid: paid,
      cashouts: [{ stakePart: STAKE / 2, paid, auto: false }],
    });
    expect(settled.validBet).toBe(STAKE / 2 + Math.min(STAKE / 2, Math.abs(paid - STAKE / 2)));
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + paid + running);
  });

  it('cashes out the whole: the bet settles as cashed out and its match pays nothing more', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const q = await quote(player, betNo);
    const all = await take(player, betNo, q.data.quoteId, STAKE);
    expect(all.data).toMatchObject({ paid: q.data.value, runningStake: 0, status: 'cashout' });
    expect(await record(player, betNo)).toMatchObject({
      status: 'cashout',
      payout: q.data.value,
      winLoss: q.data.value - STAKE,
      validBet: Math.min(STAKE, STAKE - q.data.value),
    });
    expect((await quote(player, betNo)).data).toEqual({ cashoutReason: 'settled' });
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 })).code).toBe(200);
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + q.data.value);
    expect((await record(player, betNo)).status).toBe('cashout');
  });

  it('an expired quote, or a value fallen beyond the tolerance, is answered with a fresh quote', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const old = await quote(player, betNo);
    t.clock.advance(cashout.QUOTE_TTL_MS + 1);
    const late = await take(player, betNo, old.data.quoteId, STAKE);
    expect(late.msg).toContain('提前结算金额已变为');
    const fresh = requoteOf(late);
    expect(fresh.quoteId).not.toBe(old.data.quoteId);

    // Player b takes the first two frames: a's chance, and the bet's value, fall far.
    expect((await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 0, b: 2 })).code).toBe(200);
    const moved = requoteOf(await take(player, betNo, fresh.quoteId, STAKE));
    expect(moved.value).toBeLessThan(fresh.value * 0.98);
    const ok = await take(player, betNo, moved.quoteId, STAKE);
    expect(ok.data).toMatchObject({ paid: moved.value, status: 'cashout' });
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + moved.value);
  });

  it('is unavailable while a market is suspended, where the operator switched it off, or for too large a part', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const { market } = selectionOf(match, 'winner', 'a');
    expect((await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id })).code).toBe(200);
    const suspended = await quote(player, betNo);
    expect(suspended).toMatchObject({ code: 422, data: { cashoutReason: 'suspended' } });
    expect(suspended.msg).toContain('盘口暂停');
    expect((await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id })).code).toBe(200);

    const q = await quote(player, betNo);
    const tooMuch = await take(player, betNo, q.data.quoteId, STAKE + 1);
    expect(tooMuch).toMatchObject({ code: 422, data: { field: 'stakePart' } });

    const off = await adminCall(t.app, taiqiuAdmin.cashoutSwitch, { matchId: match.id, off: true, reason: 'trading' });
    expect(off.data).toEqual({ id: match.id, cashoutOff: true });
    expect((await quote(player, betNo)).data).toEqual({ cashoutReason: 'off' });
    expect((await take(player, betNo, q.data.quoteId, STAKE)).data).toEqual({ cashoutReason: 'off' });
    const values = await call(t.app, cashout.values, { betNos: [betNo] }, as(player));
    expect(values.data.bets[0]).toMatchObject({ value: null, unavailable: 'off' });
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE);
  });

  it('the operator sets the margin and tolerance, audited; quotes follow them', async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const before = (await quote(player, betNo)).data.value;
    const set = await adminCall(t.app, taiqiuAdmin.cashoutSettingsSet, {
      marginBp: 1_500,
      toleranceBp: 100,
      reason: 'busier book',
    });
    expect(set.data).toEqual({ marginBp: 1_500, toleranceBp: 100 });
    expect((await adminCall(t.app, taiqiuAdmin.cashoutSettings, {})).data).toEqual(set.data);
    const after = (await quote(player, betNo)).data.value;
    // From 5 % off the fair value to 15 % off.
    expect(after / before).toBeCloseTo(0.85 / 0.95, 3);
    await adminCall(t.app, taiqiuAdmin.cashoutSettingsSet, { marginBp: 500, toleranceBp: 200, reason: 'back' });
  });
});
