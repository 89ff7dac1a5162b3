import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { taiqiu } from '@breakshot/contracts';
import { bets, cashout, taiqiuAdmin } from '@breakshot/contracts';
import { feedMatchRow, matchStream, newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { getWssToken, listenLocal, openLive, waitForSockets, type LiveClient } from '../helpers/live-client.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { fundedPlayer, matchPage, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * Cash-outs racing what else may end a bet (docs/design.md §9, "Cash-out"): the bet is settled
 * once, whatever comes first, and paid once. On PostgreSQL the calls run at once; on the embedded
 * database they take turns in whatever order they are served.
 */

const STAKE = 10_000;

type Heard = { type: string; matchId?: number; bets: cashout.CashoutValue[] };

/** The socket's next CASHOUT_VALUES, and the message that came just before it. */
async function nextValues(live: LiveClient): Promise<{ before: Heard | undefined; event: Heard }> {
  let before: Heard | undefined;
  let event: Heard | undefined;
  do {
    before = event;
    event = JSON.parse(await live.next()) as Heard;
  } while (event.type !== 'CASHOUT_VALUES');
  return { before, event };
}

describe('cash-out races', () => {
  let t: TestApp;
  let provider: TestFeed;
  let base: string;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    provider = await newFeedProvider(t);
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const as = (player: TestPlayer) => ({ token: player.token });
  const quote = async (player: TestPlayer, betNo: string) => {
    const q = await call(t.app, cashout.quote, { betNo }, as(player));
    expect(q.code, q.msg).toBe(200);
    return q.data;
  };
  const take = (player: TestPlayer, betNo: string, quoteId: string, stakePart: number) =>
    call(t.app, cashout.cashout, { betNo, quoteId, stakePart }, as(player));
  const record = async (player: TestPlayer, betNo: string) =>
    (await call(t.app, bets.betRecordDetails, { betNo }, as(player))).data;
  const betOn = async (player: TestPlayer, match: taiqiu.MatchDetails) => {
    const res = await placeBet(t, player, match, 'winner', 'a', STAKE);
    expect(res.code, res.msg).toBe(200);
    return res.data.betNo;
  };

  it('30 cash-outs of one bet at once: one is taken, the rest told it is settled, paid once', async () => {
    const player = await fundedPlayer(t, 100_000);
    const betNo = await betOn(player, await newMatch(t));
    const quotes = await Promise.all(Array.from({ length: 30 }, () => quote(player, betNo)));
    const answers = await Promise.all(quotes.map((q) => take(player, betNo, q.quoteId, STAKE)));
    const taken = answers.filter((a) => a.code === 200);
    expect(taken).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 200))
      expect(a).toMatchObject({ code: 422, data: { cashoutReason: 'settled' } });
    const paid = taken[0]!.data.paid;
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + paid);
    expect(await record(player, betNo)).toMatchObject({ status: 'cashout', payout: paid, cashouts: [{ paid }] });
  });

  it('30 partial cash-outs of one bet at once: each quote taken once, the parts never above the stake', async () => {
    const player = await fundedPlayer(t, 100_000);
    const betNo = await betOn(player, await newMatch(t));
    const q = await quote(player, betNo);
    // One quote for all: the first takes it, the others find it used (or the running stake moved).
    const answers = await Promise.all(Array.from({ length: 30 }, () => take(player, betNo, q.quoteId, STAKE / 10)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(29);
    const after = await record(player, betNo);
    expect(after).toMatchObject({ status: 'open', cashoutStake: STAKE / 10, cashouts: [{ stakePart: STAKE / 10 }] });
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + after.cashoutPaid);
  });

  it('cash-outs and the settlement of their match at once: each bet ends once, paid by one or the other', async () => {
    const player = await fundedPlayer(t, 200_000);
    const match = await newMatch(t);
    const betNos: string[] = [];
    for (let i = 0; i < 10; i += 1) betNos.push(await betOn(player, match));
    const quotes = await Promise.all(betNos.map((b) => quote(player, b)));
    const [result, ...answers] = await Promise.all([
      adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 }),
      ...quotes.map((q, i) => take(player, betNos[i]!, q.quoteId, i % 2 === 0 ? STAKE : STAKE / 2)),
    ]);
    expect(result!.code, result!.msg).toBe(200);
    let expected = 200_000 - 10 * STAKE;
    for (const [i, betNo] of betNos.entries()) {
      const r = await record(player, betNo);
      const answer = answers[i]!;
      if (answer.code === 200) {
        // Taken before the result: what ran on (if any) settled after it.
        expect(r.cashouts).toHaveLength(1);
        expect(r.status).toBe(i % 2 === 0 ? 'cashout' : 'won');
      } else {
        expect(answer.data).toMatchObject({ cashoutReason: expect.stringMatching(/^(settled|settling)$/) });
        expect(r).toMatchObject({ status: 'won', cashouts: [] });
      }
      expected += r.payout;
    }
    expect((await cashOf(t, player)).balance).toBe(expected);
  });

  it("a feed event sends each owner their bets' values on the match, once a player", async () => {
    const player = await fundedPlayer(t, 100_000);
    const events = matchStream(`values-${process.pid}`, new Date(t.clock.now().getTime() + 60_000), { bestOf: 5 });
    expect((await postEvents(t, provider, events.slice(0, 1))).status).toBe(200);
    const page = await matchPage(t, (await feedMatchRow(t, provider, events[0]!.match)).id);
    const [first, second] = [await betOn(player, page), await betOn(player, page)];
    const live = await openLive(base, await getWssToken(t.app, player.token));
    expect((await postEvents(t, provider, events.slice(1, 3))).status).toBe(200);
    const { before, event } = await nextValues(live);
    expect(before).toMatchObject({ type: 'MATCH_UPDATED', matchId: page.id });
    const values = await call(t.app, cashout.values, { betNos: [second, first] }, as(player));
    expect(event.bets.sort((x, y) => x.betNo.localeCompare(y.betNo))).toEqual(
      values.data.bets.sort((x, y) => x.betNo.localeCompare(y.betNo)),
    );
    live.socket.close();
  });

  it("a market suspended, opened, and the operator's switch: the owner hears the bet's value with the match's news", async () => {
    const player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    const betNo = await betOn(player, match);
    const live = await openLive(base, await getWssToken(t.app, player.token));
    await waitForSockets(t.app, player.userId, 1);
    const heard = async () => {
      const { before, event } = await nextValues(live);
      expect(before).toMatchObject({ type: 'MATCH_UPDATED', matchId: match.id });
      return event.bets;
    };
    const { market } = selectionOf(match, 'winner', 'a');
    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id });
    expect(await heard()).toEqual([expect.objectContaining({ betNo, value: null, unavailable: 'suspended' })]);
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id });
    expect(await heard()).toEqual([expect.objectContaining({ betNo, value: expect.any(Number), unavailable: null })]);
    await adminCall(t.app, taiqiuAdmin.cashoutSwitch, { matchId: match.id, off: true, reason: 'trading' });
    expect(await heard()).toEqual([expect.objectContaining({ betNo, value: null, unavailable: 'off' })]);
    live.socket.close();
  });

  it('an automatic cash-out and a manual one at once: the bet is cashed out once', async () => {
    const player = await fundedPlayer(t, 100_000);
    const events = matchStream(`race-${process.pid}`, new Date(t.clock.now().getTime() + 60_000), {
      bestOf: 5,
      visits: [4, 6],
    });
    expect((await postEvents(t, provider, events.slice(0, 1))).status).toBe(200);
    const page = await matchPage(t, (await feedMatchRow(t, provider, events[0]!.match)).id);
    const betNo = await betOn(player, page);
    const set = await call(t.app, cashout.auto, { betNo, at: 1 }, as(player));
    expect(set.data).toMatchObject({ betNo, autoAt: 1, unavailable: null });
    const q = await quote(player, betNo);
    // The match starting reviews the bet's cash-outs: the automatic one is due at once.
    const [fed, manual] = await Promise.all([
      postEvents(t, provider, events.slice(1, 2)),
      take(player, betNo, q.quoteId, STAKE),
    ]);
    expect(fed.status).toBe(200);
    const r = await record(player, betNo);
    expect(r.status).toBe('cashout');
    expect(r.cashouts).toHaveLength(1);
    expect(r.cashouts[0]!.auto).toBe(manual.code !== 200);
    expect((await cashOf(t, player)).balance).toBe(100_000 - STAKE + r.payout);
  });
});
