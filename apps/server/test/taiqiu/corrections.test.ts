import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  bets,
  inbox,
  promotions,
  rebates,
  rewards,
  rewardsAdmin,
  taiqiu,
  taiqiuAdmin,
  wallet,
} from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { newOperator, type LoggedInOperator } from '../helpers/operators.js';
import { betRequest, launchToken, registerTestProvider, sendProvider, units, winRequest } from '../helpers/provider.js';
import { applicationsOf, apply, depositOrder, payOrder, savePromotion } from '../helpers/promotions.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf, type TestPlayer } from '../helpers/withdrawals.js';
import { fundedPlayer, marketOf, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * Result corrections (docs/design.md §9, "Result corrections"): a settled market re-decided by
 * risk re-settles its bets through the ledger; what a player's cash no longer covers becomes a
 * debt their next deposit repays first; above the book's amount a second operator approves.
 */

const STAKE = 10_000;

let t: TestApp;
let risk: LoggedInOperator;
let second: LoggedInOperator;
beforeAll(async () => {
  t = await startTaiqiuApp();
  risk = await newOperator(t, 'corrector', 'risk');
  second = await newOperator(t, 'checker', 'risk');
});
afterAll(async () => {
  await expectLedgerOk(t.db);
  await t.close();
});

const as = <C extends Parameters<typeof adminCall>[1]>(op: LoggedInOperator, c: C, body: unknown) =>
  adminCall(t.app, c, body, { session: op.session });

/** A match played 4:2 (A wins) with these players' winner bets on it, settled (`beforeResult` runs with the bets open). */
async function settledMatch(
  backers: { player: TestPlayer; pick: 'a' | 'b' }[],
  beforeResult?: (betNos: string[]) => Promise<unknown>,
) {
  const match = await newMatch(t);
  const betNos: string[] = [];
  for (const { player, pick } of backers) {
    const res = await placeBet(t, player, match, 'winner', pick, STAKE);
    expect(res.code, res.msg).toBe(200);
    betNos.push(res.data.betNo);
  }
  await beforeResult?.(betNos);
  const done = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });
  expect(done.code, done.msg).toBe(200);
  const winner = marketOf(match, 'winner');
  const pickId = (pick: 'a' | 'b') => winner.selections.find((s) => s.pick === pick)!.id;
  /** The winner market decided for `pick`. */
  const decidedFor = (pick: 'a' | 'b') => ({
    matchId: match.id,
    markets: [
      {
        marketId: winner.id,
        results: (['a', 'b'] as const).map((p) => ({ selectionId: pickId(p), result: p === pick ? 'won' : 'lost' })),
      },
    ],
  });
  /** The winner market void. */
  const voided = () => {
    const decided = decidedFor('a');
    return {
      ...decided,
      markets: decided.markets.map((m) => ({ ...m, results: m.results.map((r) => ({ ...r, result: 'void' })) })),
    };
  };
  return {
    match,
    betNos,
    decidedFor,
    voided,
    odds: (pick: 'a' | 'b') => winner.selections.find((s) => s.pick === pick)!.odds,
  };
}

const bet = async (p: TestPlayer, betNo: string) =>
  (await call(t.app, bets.betRecordDetails, { betNo }, { token: p.token })).data;
const debtOf = async (p: TestPlayer) => (await call(t.app, wallet.debt, {}, { token: p.token })).data;
const payoutOf = (odds: number) => Math.floor((STAKE * Math.round(odds * 1000)) / 1000);

describe('result corrections', () => {
  it('re-settles the winner market: the new winners are paid, the old ones repay, a shortfall becomes debt a deposit repays', async () => {
    const spender = await fundedPlayer(t, STAKE);
    const keeper = await fundedPlayer(t, 100_000);
    const loser = await fundedPlayer(t, 100_000);
    const m = await settledMatch([
      { player: spender, pick: 'a' },
      { player: keeper, pick: 'a' },
      { player: loser, pick: 'b' },
    ]);
    const won = payoutOf(m.odds('a'));
    const wins = payoutOf(m.odds('b'));
    // The spender bets most of the payout away on a match still to play.
    const other = await newMatch(t);
    expect((await placeBet(t, spender, other, 'winner', 'a', won - 1_000)).code).toBe(200);
    expect((await cashOf(t, spender)).balance).toBe(1_000);

    // The preview moves nothing, and says what would.
    const preview = await as(risk, taiqiuAdmin.correctionPreview, m.decidedFor('b'));
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data).toMatchObject({
      bets: 3,
      changed: 3,
      toPlayers: wins,
      fromPlayers: 2 * won,
      debts: won - 1_000,
      debtors: 1,
      needsSecond: false,
    });
    expect(preview.data.markets[0]!.selections.map((s) => [s.before, s.after])).toEqual([
      ['won', 'lost'],
      ['lost', 'won'],
    ]);
    expect((await cashOf(t, spender)).balance).toBe(1_000);

    const made = await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '录入错误' });
    expect(made.code, made.msg).toBe(200);
    expect(made.data).toMatchObject({ status: 'applied', decidedBy: 'corrector', debts: won - 1_000 });
    expect(await bet(loser, m.betNos[2]!)).toMatchObject({ status: 'won', payout: wins });
    expect(await bet(keeper, m.betNos[1]!)).toMatchObject({ status: 'lost', payout: 0 });
    expect((await cashOf(t, loser)).balance).toBe(100_000 - STAKE + wins);
    expect((await cashOf(t, keeper)).balance).toBe(100_000 - STAKE);
    expect((await cashOf(t, spender)).balance).toBe(0);
    expect(await debtOf(spender)).toMatchObject({
      owed: won - 1_000,
      moves: [{ kind: 'correction', amount: won - 1_000 }],
    });

    // The players read why.
    const messages = await call(t.app, inbox.userMessage, { tab: 'message' }, { token: loser.token });
    expect(messages.data.list[0]).toMatchObject({ kind: 'bet_corrected', title: '注单结果更正' });
    expect(messages.data.list[0]!.summary).toContain(m.betNos[2]!);

    // The next deposit repays the debt first; the rest reaches the cash.
    await payOrder(t, await depositOrder(t, spender, 50_000), 50_000);
    expect(await debtOf(spender)).toMatchObject({
      owed: 0,
      moves: [
        { kind: 'repayment', amount: -(won - 1_000) },
        { kind: 'correction', amount: won - 1_000 },
      ],
    });
    const entries = (await call(t.app, wallet.balanceDetails, {}, { token: spender.token })).data.list;
    const creditedNow = entries
      .filter((e) => e.type === 'deposit' || e.type === 'bonus')
      .reduce((s, e) => s + e.amount, 0);
    expect(entries.find((e) => e.type === 'debt_repayment')?.amount).toBe(-(won - 1_000));
    expect((await cashOf(t, spender)).balance).toBe(creditedNow - (won - 1_000));

    // The log holds it, and the bets it re-settled.
    const log = await as(risk, taiqiuAdmin.corrections, { matchId: m.match.id });
    expect(log.data.list).toHaveLength(1);
    const lines = await as(risk, taiqiuAdmin.correctionBets, { id: made.data.id });
    expect(lines.data.list.map((l) => [l.betNo, l.difference, l.debt]).sort()).toEqual(
      [
        [m.betNos[0], -won, won - 1_000],
        [m.betNos[1], -won, 0],
        [m.betNos[2], wins, 0],
      ].sort(),
    );
  });

  it('a billiards payout repays a debt first, and so do a reward and a rebate claimed', async () => {
    const spender = await fundedPlayer(t, STAKE);
    const m = await settledMatch([{ player: spender, pick: 'a' }]);
    const won = payoutOf(m.odds('a'));
    // All but ¥10 of the payout on a match still to play; then the correction takes the payout back.
    const other = await newMatch(t);
    const spent = await placeBet(t, spender, other, 'winner', 'a', won - 1_000);
    expect(spent.code, spent.msg).toBe(200);
    expect((await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '录入错误' })).code).toBe(200);
    expect((await debtOf(spender)).owed).toBe(won - 1_000);

    // The other match is won: its payout repays the debt before it reaches the cash.
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: other.id, a: 4, b: 2 })).code).toBe(200);
    const payout = Math.floor(((won - 1_000) * Math.round(spent.data.odds * 1000)) / 1000);
    expect(await debtOf(spender)).toMatchObject({
      owed: 0,
      moves: [{ kind: 'repayment', amount: -(won - 1_000) }, { kind: 'correction' }],
    });
    expect((await cashOf(t, spender)).balance).toBe(payout - (won - 1_000));

    // A second correction takes that payout back too; a reward claimed then repays what it can.
    const back = await as(risk, taiqiuAdmin.correctionCreate, {
      matchId: other.id,
      markets: [
        {
          marketId: marketOf(other, 'winner').id,
          results: marketOf(other, 'winner').selections.map((s) => ({
            selectionId: s.id,
            result: s.pick === 'a' ? 'lost' : 'won',
          })),
        },
      ],
      reason: '录入错误',
    });
    expect(back.code, back.msg).toBe(200);
    const owed = (await debtOf(spender)).owed;
    expect(owed).toBe(won - 1_000);
    const reward = await adminCall(t.app, rewardsAdmin.rewardGrant, {
      username: spender.username,
      amount: 2_000,
      turnoverMultiple: 1,
      validDays: 3,
      reason: '补偿',
      requestId: randomUUID(),
    });
    expect(reward.code, reward.msg).toBe(200);
    const claimed = await call(t.app, rewards.rewardReceive, { id: reward.data.id }, { token: spender.token });
    expect(claimed.data).toMatchObject({ amount: 2_000, balance: 0 });
    expect((await debtOf(spender)).owed).toBe(owed - 2_000);

    // So does the rebate the two bets accrued, claimed.
    const rebate = await call(t.app, rebates.rebateClaim, {}, { token: spender.token });
    expect(rebate.code, rebate.msg).toBe(200);
    expect(rebate.data.amount).toBeGreaterThan(0);
    expect(rebate.data.balance).toBe(0);
    expect((await debtOf(spender)).owed).toBe(owed - 2_000 - rebate.data.amount);
  });

  it("a provider game's win repays a debt first, and the wallet call states the balance left", async () => {
    const provider = await registerTestProvider(t);
    const spender = await fundedPlayer(t, STAKE);
    const m = await settledMatch([{ player: spender, pick: 'a' }]);
    const won = payoutOf(m.odds('a'));
    // The whole payout staked on a slot round still open; then the correction takes the payout back.
    const round = { user: spender.username, token: await launchToken(t, spender, provider.slot), game: provider.slot };
    const slotBet = betRequest(round, units(won));
    expect((await sendProvider(t, provider, 'transaction/bet', slotBet)).answer.status).toBe('RS_OK');
    expect((await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '录入错误' })).code).toBe(200);
    expect((await debtOf(spender)).owed).toBe(won);

    const win = await sendProvider(t, provider, 'transaction/win', winRequest(slotBet, units(3_000)));
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: 0 });
    expect((await debtOf(spender)).owed).toBe(won - 3_000);
    // A further win of the same bet repays too.
    const further = await sendProvider(t, provider, 'transaction/win', winRequest(slotBet, units(1_000)));
    expect(further.answer).toMatchObject({ status: 'RS_OK', balance: 0 });
    expect((await debtOf(spender)).owed).toBe(won - 4_000);
  });

  it('corrected back, a correction pays the first winners again, repaying a debt first', async () => {
    const spender = await fundedPlayer(t, STAKE);
    const m = await settledMatch([{ player: spender, pick: 'a' }]);
    const won = payoutOf(m.odds('a'));
    expect((await placeBet(t, spender, await newMatch(t), 'winner', 'b', won)).code).toBe(200);
    expect((await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '录入错误' })).code).toBe(200);
    expect(await debtOf(spender)).toMatchObject({ owed: won });

    const back = await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('a'), reason: '复查后恢复' });
    expect(back.code, back.msg).toBe(200);
    expect(await debtOf(spender)).toMatchObject({ owed: 0 });
    expect((await cashOf(t, spender)).balance).toBe(0);
    expect(await bet(spender, m.betNos[0]!)).toMatchObject({ status: 'won', payout: won });
  });

  it('the daily task and promotions count a corrected bet as its final result: fee-waiver progress, lucky slips', async () => {
    const p = await fundedPlayer(t, STAKE);
    const feeWaiver = await savePromotion(t, { type: 'fee_waiver', freeWithdrawals: 1, minValidBet: 1_000_000 });
    expect((await apply(t, p, feeWaiver.id)).code).toBe(200);
    let lucky = 0;
    const m = await settledMatch([{ player: p, pick: 'a' }], async ([betNo]) => {
      const tiers = [{ ending: betNo!.slice(-4), bonus: 888 }];
      lucky = (await savePromotion(t, { type: 'lucky_slip', minStake: STAKE, claimDays: 3, tiers })).id;
    });
    const counted = async () => ({
      task: (await call(t.app, rewards.everydayGameReward, {}, { token: p.token })).data.validBet,
      feeWaiver: (await applicationsOf(t, p, feeWaiver.id))[0]!.progress,
      slips: (await call(t.app, promotions.promotionZhudanList, { id: lucky }, { token: p.token })).data.total,
    });
    expect(await counted()).toEqual({ task: STAKE, feeWaiver: STAKE, slips: 1 });

    expect((await as(risk, taiqiuAdmin.correctionCreate, { ...m.voided(), reason: '比赛无效' })).code).toBe(200);
    expect(await counted()).toEqual({ task: 0, feeWaiver: 0, slips: 0 });

    expect((await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('a'), reason: '复查后恢复' })).code).toBe(
      200,
    );
    expect(await counted()).toEqual({ task: STAKE, feeWaiver: STAKE, slips: 1 });
  });

  it('a parlay the correction leaves undecided waits for its other legs, then the correction settles it', async () => {
    const p = await fundedPlayer(t, STAKE);
    const [first, later] = [await newMatch(t), await newMatch(t)];
    const leg = (match: taiqiu.MatchDetails, pick: 'a' | 'b') => {
      const { market, sel } = selectionOf(match, 'winner', pick);
      return { matchId: match.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
    };
    const legs = [leg(first, 'b'), leg(later, 'a')];
    const slip = await call(t.app, taiqiu.parlay, { legs, sizes: [2], unitStake: STAKE }, { token: p.token });
    expect(slip.code, slip.msg).toBe(200);
    // The first match goes to A: the slip is lost at once, its other leg still to play.
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: first.id, a: 4, b: 2 })).code).toBe(200);
    expect(await bet(p, slip.data.betNo)).toMatchObject({ status: 'lost', payout: 0 });

    const winner = marketOf(first, 'winner');
    const toB = {
      matchId: first.id,
      markets: [
        {
          marketId: winner.id,
          results: winner.selections.map((s) => ({ selectionId: s.id, result: s.pick === 'b' ? 'won' : 'lost' })),
        },
      ],
    };
    const preview = await as(risk, taiqiuAdmin.correctionPreview, toB);
    expect(preview.data).toMatchObject({ bets: 0, waiting: 1 });
    const made = await as(risk, taiqiuAdmin.correctionCreate, { ...toB, reason: '录入错误' });
    expect(made.code, made.msg).toBe(200);
    expect(made.data).toMatchObject({ status: 'applied', waiting: 1 });
    expect(await bet(p, slip.data.betNo)).toMatchObject({
      status: 'lost',
      payout: 0,
      parlay: { awaitingCorrection: true },
    });

    // The later match goes to A too: both legs won, the correction pays the slip.
    expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: later.id, a: 4, b: 1 })).code).toBe(200);
    const payout = Math.floor((STAKE * Math.round(legs[0]!.odds * 1000) * Math.round(legs[1]!.odds * 1000)) / 1e6);
    expect(await bet(p, slip.data.betNo)).toMatchObject({
      status: 'won',
      payout,
      parlay: { awaitingCorrection: false },
    });
    expect((await cashOf(t, p)).balance).toBe(payout);
    const log = await as(risk, taiqiuAdmin.corrections, { page: 1, pageSize: 5, matchId: first.id });
    expect(log.data.list[0]).toMatchObject({ id: made.data.id, bets: 1, changed: 1, toPlayers: payout, waiting: 0 });
    const told = await call(t.app, inbox.userMessage, { tab: 'message' }, { token: p.token });
    expect(JSON.stringify(told.data)).toContain(slip.data.betNo);
  });

  it('refuses what is not a correction: the same outcomes, a missing selection, an unsettled market', async () => {
    const m = await settledMatch([]);
    const same = await as(risk, taiqiuAdmin.correctionPreview, m.decidedFor('a'));
    expect(same).toMatchObject({ code: 400, msg: '赛果与当前相同，无需更正' });
    const partial = m.decidedFor('b');
    partial.markets[0]!.results.pop();
    expect((await as(risk, taiqiuAdmin.correctionPreview, partial)).msg).toBe('请为该玩法的每个投注项各给出一个赛果');

    const open = await newMatch(t);
    const winner = marketOf(open, 'winner');
    const early = await as(risk, taiqiuAdmin.correctionPreview, {
      matchId: open.id,
      markets: [{ marketId: winner.id, results: winner.selections.map((s) => ({ selectionId: s.id, result: 'won' })) }],
    });
    expect(early).toMatchObject({ code: 409, msg: '该玩法尚未结算完毕，结算后才能更正赛果' });
  });

  it('above the book’s amount, waits for a second operator: not the one who made it', async () => {
    const rules = await adminCall(t.app, taiqiuAdmin.tradingRules, {});
    const set = await adminCall(t.app, taiqiuAdmin.tradingRulesSet, {
      liabilityLimits: rules.data.liabilityLimits,
      bigBet: rules.data.bigBet,
      correctionSecondAbove: 1_000,
      reason: '更正需复核',
    });
    expect(set.code, set.msg).toBe(200);
    const backer = await fundedPlayer(t, 100_000);
    const m = await settledMatch([{ player: backer, pick: 'b' }]);
    const wins = payoutOf(m.odds('b'));

    const made = await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '录入错误' });
    expect(made.data).toMatchObject({ status: 'pending', decidedBy: null, toPlayers: wins });
    expect((await cashOf(t, backer)).balance).toBe(100_000 - STAKE);
    const again = await as(risk, taiqiuAdmin.correctionCreate, { ...m.decidedFor('b'), reason: '再次' });
    expect(again).toMatchObject({ code: 409, msg: '该赛事已有一项更正等待复核，请先处理' });

    expect(await as(risk, taiqiuAdmin.correctionApprove, { id: made.data.id })).toMatchObject({
      code: 409,
      msg: '复核须由另一位操作员完成',
    });
    const approved = await as(second, taiqiuAdmin.correctionApprove, { id: made.data.id });
    expect(approved.data).toMatchObject({ status: 'applied', decidedBy: 'checker' });
    expect((await cashOf(t, backer)).balance).toBe(100_000 - STAKE + wins);
    expect(await as(second, taiqiuAdmin.correctionReject, { id: made.data.id, reason: '晚了' })).toMatchObject({
      code: 409,
    });
    const page = await call(t.app, taiqiu.match, { id: m.match.id }, { token: backer.token });
    expect(page.code).toBe(200);

    await adminCall(t.app, taiqiuAdmin.tradingRulesSet, {
      liabilityLimits: rules.data.liabilityLimits,
      bigBet: rules.data.bigBet,
      correctionSecondAbove: null,
      reason: '恢复',
    });
  });
});
