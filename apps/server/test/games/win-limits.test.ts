import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, bets, gamesAdmin, hub88 } from '@breakshot/contracts';
import { newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';
import {
  balanceOf,
  betRequest,
  moneyCalls,
  registerTestProvider,
  rollbackRequest,
  seatPlayer,
  sendProvider,
  units,
  winRequest,
  type Round,
  type TestProvider,
} from '../helpers/provider.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The bounds of provider wins (docs/wallet-bounds.md): amounts above one transfer's bound are
 * refused at parsing, and a round's wins are credited up to its game's win limit, the rest held
 * for an operator who releases or refuses it.
 */

describe('provider win bounds and limits', () => {
  let t: TestApp;
  let p: TestProvider;
  let send: ReturnType<typeof moneyCalls>;
  let risk: LoggedInOperator;
  let finance: LoggedInOperator;
  let content: LoggedInOperator;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
    send = moneyCalls(t, p);
    risk = await newOperator(t, 'hw-risk', 'risk');
    finance = await newOperator(t, 'hw-finance', 'finance');
    content = await newOperator(t, 'hw-content', 'content');
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** The slot's own win limit (null: the default). */
  const setSlotLimit = async (maxWinMultiple: number | null) => {
    const res = await adminCall(t.app, gamesAdmin.gameSave, {
      code: p.slot,
      providerId: p.id,
      name: '测试老虎机',
      nameEn: 'Test Slot',
      gameType: 'slots',
      image: '',
      sort: 1,
      maxWinMultiple,
    });
    expect(res.code, res.msg).toBe(200);
  };
  const heldWins = async (username: string, status?: gamesAdmin.HeldWinStatus) =>
    (
      await adminCall(t.app, gamesAdmin.heldWinsList, {
        page: 1,
        pageSize: 50,
        username,
        ...(status ? { status } : {}),
      })
    ).data.list;
  const details = async (player: TestPlayer, betNo: string) =>
    (await call(t.app, bets.betRecordDetails, { betNo }, { token: player.token })).data;
  const onlyBetNo = async (player: TestPlayer) =>
    (await call(t.app, bets.betRecordList, { page: 1, pageSize: 5 }, { token: player.token })).data.list[0]!.betNo;
  const auditOf = async (action: string) =>
    (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action })).data.list;

  it('the attack: three wins of 9,007,199,254,740,000 are refused at parsing, nothing written, balances exact', async () => {
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const bet = betRequest(r, units(10_000));
    expect((await send.bet(bet)).answer.status).toBe('RS_OK');
    const rows = await rowCount(t.db, 'provider_transactions');
    const transfers = await rowCount(t.db, 'transfers');
    for (let i = 0; i < 3; i++) {
      const win = winRequest(bet, 9_007_199_254_740_000);
      const res = await send.win(win);
      expect(res.answer).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid: win.request_uuid });
      expect(res.signedByUs).toBe(true);
    }
    // Amounts whose text is not plain digits lose precision in JSON.parse: refused the same way.
    const sent = winRequest(bet, 1);
    for (const literal of ['9007199254740993', '2500000.0000000000001', '2.5e6', '-0']) {
      const raw = JSON.stringify(sent).replace('"amount":1', `"amount":${literal}`);
      expect((await sendProvider(t, p, 'transaction/win', null, { raw })).answer.status).toBe('RS_ERROR_WRONG_TYPES');
    }
    expect(await rowCount(t.db, 'provider_transactions')).toBe(rows);
    expect(await rowCount(t.db, 'transfers')).toBe(transfers);
    expect(await balanceOf(t, player)).toBe(90_000);
    expect(await heldWins(player.username)).toEqual([]);

    // The largest win the wallet takes (one transfer's bound) is parsed exactly, and capped.
    const largest = await send.win(winRequest(bet, hub88.MAX_UNITS));
    expect(largest.answer).toMatchObject({ status: 'RS_OK', balance: units(90_000 + 10_000 * 5_000) });
    expect(await heldWins(player.username)).toMatchObject([
      { winAmount: 1_000_000_000_000, creditedAmount: 50_000_000, amount: 1_000_000_000_000 - 50_000_000 },
    ]);
    await expectLedgerOk(t.db);
  });

  it('games have no own limit at first and the default is 5,000×', async () => {
    const list = await adminCall(t.app, gamesAdmin.providersList, {});
    expect(list.data.defaultMaxWinMultiple).toBe(5_000);
    const catalogue = await adminCall(t.app, gamesAdmin.gamesList, { page: 1, pageSize: 10, providerId: p.id });
    expect(catalogue.data.list.map((g) => g.maxWinMultiple)).toEqual([null, null]);
  });

  it('a win above the limit credits up to it and holds the rest; the same win again changes nothing', async () => {
    await setSlotLimit(10);
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const bet = betRequest(r, units(1_000));
    await send.bet(bet);
    const win = winRequest(bet, units(15_000) + 700);
    const res = await send.win(win);
    // Accepted: the provider's win stands; the player is credited up to 10 × 1,000.
    expect(res.answer).toEqual({
      user: player.username,
      status: 'RS_OK',
      request_uuid: win.request_uuid,
      currency: 'CNY',
      balance: units(109_000),
    });
    const betNo = await onlyBetNo(player);
    const [held] = await heldWins(player.username);
    expect(held).toEqual({
      id: expect.any(Number),
      providerId: p.id,
      gameCode: p.slot,
      username: player.username,
      round: bet.round,
      transactionUuid: win.transaction_uuid,
      betNo,
      winAmount: 15_000,
      creditedAmount: 10_000,
      amount: 5_000,
      roundStakes: 1_000,
      maxWinMultiple: 10,
      status: 'waiting',
      decidedBy: null,
      decidedAt: null,
      reason: null,
      createdAt: expect.any(String),
    });
    // The bet shows what was paid and, apart, what waits; never the held part as paid.
    expect(await details(player, betNo)).toMatchObject({ status: 'won', payout: 10_000, heldPayout: 5_000 });

    // The same win again: its answer, nothing more credited or held.
    expect((await send.win({ ...win, request_uuid: 'again' })).answer).toEqual({
      ...res.answer,
      request_uuid: 'again',
    });
    expect(await heldWins(player.username)).toHaveLength(1);
    expect(await balanceOf(t, player)).toBe(109_000);

    // The round is at its limit: a further win is held whole.
    expect((await send.win(winRequest(bet, units(3_000)))).answer.balance).toBe(units(109_000));
    expect((await heldWins(player.username)).map((h) => [h.creditedAmount, h.amount])).toEqual([
      [0, 3_000],
      [10_000, 5_000],
    ]);
    const calls = await adminCall(t.app, gamesAdmin.transactionsList, {
      page: 1,
      pageSize: 10,
      username: player.username,
    });
    expect(calls.data.list.map((c) => [c.kind, c.amount, c.heldAmount])).toEqual([
      ['win', 3_000, 3_000],
      ['win', 15_000, 5_000],
      ['bet', 1_000, 0],
    ]);
    await setSlotLimit(null);
  });

  it('the limit is of the round: every bet of the player on the game in it, less those rolled back', async () => {
    const set = await adminCall(t.app, gamesAdmin.winLimitDefaultSet, { maxWinMultiple: 3 });
    expect(set.data).toEqual({ defaultMaxWinMultiple: 3 });
    expect((await auditOf('games.win-limit.default'))[0]).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      before: { maxWinMultiple: 5_000 },
      after: { maxWinMultiple: 3 },
    });
    const { player, r: seat } = await seatPlayer(t, 100_000, p.poker);
    const r: Round = { ...seat, round: 'table-9' };
    const a = betRequest(r, units(1_000));
    const b = betRequest(r, units(2_000));
    await send.bet(a);
    await send.bet(b);
    // Stakes 3,000 × 3: 9,000 for the round, whichever bet a win names.
    expect((await send.win(winRequest(a, units(5_000)))).answer.balance).toBe(units(102_000));
    expect((await send.win(winRequest(b, units(6_000)))).answer.balance).toBe(units(106_000));
    expect((await heldWins(player.username))[0]).toMatchObject({ roundStakes: 3_000, creditedAmount: 4_000 });

    // Another round starts from its own stakes.
    const other = betRequest({ ...r, round: 'table-10' }, units(1_000));
    await send.bet(other);
    expect((await send.win(winRequest(other, units(3_000)))).answer.balance).toBe(units(108_000));

    // A bet rolled back leaves the stakes; one whose rollback would leave the round's credited
    // wins above the limit of what stays is not rolled back.
    const c = betRequest(r, units(1_000));
    await send.bet(c);
    expect((await send.rollback(rollbackRequest(r, c.transaction_uuid))).answer.status).toBe('RS_OK');
    const d = betRequest(r, units(1_000));
    const e = betRequest(r, units(1_000));
    await send.bet(d);
    await send.bet(e);
    // Stakes 5,000 × 3 = 15,000; 9,000 credited so far.
    expect((await send.win(winRequest(d, units(6_000)))).answer.balance).toBe(units(112_000));
    const refused = await send.rollback(rollbackRequest(r, e.transaction_uuid));
    expect(refused.answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_LIMIT_REACHED',
      request_uuid: refused.answer.request_uuid,
    });
    expect(await balanceOf(t, player)).toBe(112_000);
    await adminCall(t.app, gamesAdmin.winLimitDefaultSet, { maxWinMultiple: 5_000 });
    await expectLedgerOk(t.db);
  });

  it('a rollback of a partly held win, or of its bet, changes nothing: the held part waits for the operator', async () => {
    await setSlotLimit(2);
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(1_000));
    await send.bet(bet);
    const win = winRequest(bet, units(5_000));
    expect((await send.win(win)).answer.balance).toBe(units(11_000));
    for (const reference of [win.transaction_uuid, bet.transaction_uuid]) {
      expect((await send.rollback(rollbackRequest(r, reference))).answer.status).toBe(
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
    }
    expect(await balanceOf(t, player)).toBe(11_000);
    expect(await heldWins(player.username)).toMatchObject([{ amount: 3_000, status: 'waiting' }]);
    await setSlotLimit(null);
  });

  it('risk or finance releases a held win once, through the ledger, audited', async () => {
    await setSlotLimit(2);
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(1_000));
    await send.bet(bet);
    await send.win(winRequest(bet, units(5_000)));
    const [held] = await heldWins(player.username);
    const released = await opCall(t.app, gamesAdmin.heldWinRelease, { id: held!.id }, { session: finance.session });
    expect(released.code, released.msg).toBe(200);
    expect(released.data).toMatchObject({ status: 'released', decidedBy: 'hw-finance', amount: 3_000, reason: null });
    expect(released.data.decidedAt).not.toBeNull();
    expect(await balanceOf(t, player)).toBe(14_000);
    expect(await details(player, held!.betNo)).toMatchObject({ status: 'won', payout: 5_000, heldPayout: 0 });
    expect((await auditOf('games.held-win.release'))[0]).toMatchObject({
      operator: 'hw-finance',
      target: `held_win:${held!.id}`,
      before: { status: 'waiting', amount: 3_000, username: player.username },
      after: { status: 'released', decidedBy: 'hw-finance' },
    });

    // Decided: a second release or a refusal changes nothing.
    for (const again of [
      opCall(t.app, gamesAdmin.heldWinRelease, { id: held!.id }, { session: risk.session }),
      opCall(t.app, gamesAdmin.heldWinRefuse, { id: held!.id, reason: '重复' }, { session: risk.session }),
    ]) {
      expect(await again).toMatchObject({ code: 409 });
    }
    expect(await balanceOf(t, player)).toBe(14_000);
    expect(await opCall(t.app, gamesAdmin.heldWinRelease, { id: 999_999 }, { session: risk.session })).toMatchObject({
      code: 404,
    });
    await setSlotLimit(null);
    await expectLedgerOk(t.db);
  });

  it('twenty releases and refusals of one held win at once: one decides it, the others are 409, paid once', async () => {
    await setSlotLimit(2);
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(1_000));
    await send.bet(bet);
    await send.win(winRequest(bet, units(5_000)));
    const [held] = await heldWins(player.username);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? opCall(t.app, gamesAdmin.heldWinRelease, { id: held!.id }, { session: finance.session })
          : opCall(t.app, gamesAdmin.heldWinRefuse, { id: held!.id, reason: '并发' }, { session: risk.session }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const [decided] = await heldWins(player.username);
    // Released: the held ¥30.00 on top of the ¥20.00 credited; refused: nothing more.
    expect(await balanceOf(t, player)).toBe(decided!.status === 'released' ? 14_000 : 11_000);
    await setSlotLimit(null);
    await expectLedgerOk(t.db);
  });

  it('a held win released on a bet settled lost makes it won; one refused credits nothing, with its reason', async () => {
    await setSlotLimit(1);
    const { player, r: seat } = await seatPlayer(t, 10_000, p.slot);
    const r: Round = { ...seat, round: 'spin-1' };
    const first = betRequest(r, units(1_000));
    const second = betRequest(r, units(1_000));
    await send.bet(first);
    await send.bet(second);
    // Stakes 2,000 × 1: the first bet's win takes the round to its limit, the second's are held whole.
    await send.win(winRequest(first, units(2_500)));
    await send.win(winRequest(second, units(1_500)));
    await send.win(winRequest(second, units(700)));
    expect(await balanceOf(t, player)).toBe(10_000);
    const [late, lost, won] = await heldWins(player.username);
    expect([won, lost, late].map((h) => [h!.creditedAmount, h!.amount])).toEqual([
      [2_000, 500],
      [0, 1_500],
      [0, 700],
    ]);
    expect(await details(player, lost!.betNo)).toMatchObject({ status: 'lost', payout: 0, heldPayout: 2_200 });
    // Not refused without a reason.
    expect(await opCall(t.app, gamesAdmin.heldWinRefuse, { id: late!.id }, { session: risk.session })).toMatchObject({
      code: 400,
    });

    const refused = await opCall(
      t.app,
      gamesAdmin.heldWinRefuse,
      { id: late!.id, reason: '供应商确认为错误派彩' },
      { session: risk.session },
    );
    expect(refused.data).toMatchObject({ status: 'refused', reason: '供应商确认为错误派彩', decidedBy: 'hw-risk' });
    expect(await balanceOf(t, player)).toBe(10_000);
    expect((await auditOf('games.held-win.refuse'))[0]).toMatchObject({
      operator: 'hw-risk',
      after: { status: 'refused', reason: '供应商确认为错误派彩' },
    });
    expect((await heldWins(player.username, 'refused')).map((h) => h.id)).toEqual([late!.id]);
    expect((await heldWins(player.username, 'waiting')).map((h) => h.id)).toEqual([lost!.id, won!.id]);

    for (const held of [lost!, won!]) {
      const res = await opCall(
        t.app,
        gamesAdmin.heldWinRelease,
        { id: held.id, reason: '核实无误' },
        { session: risk.session },
      );
      expect(res.data).toMatchObject({ status: 'released', reason: '核实无误' });
    }
    expect(await balanceOf(t, player)).toBe(12_000);
    expect(await details(player, lost!.betNo)).toMatchObject({ status: 'won', payout: 1_500, heldPayout: 0 });
    expect(await details(player, won!.betNo)).toMatchObject({ status: 'won', payout: 2_500, heldPayout: 0 });
    await setSlotLimit(null);
    await expectLedgerOk(t.db);
  });

  it('finance and risk review held wins; content may not; only an admin sets the default limit', async () => {
    for (const op of [risk, finance]) {
      const res = await opCall(t.app, gamesAdmin.heldWinsList, { page: 1, pageSize: 5 }, { session: op.session });
      expect(res.code, res.msg).toBe(200);
    }
    for (const c of [gamesAdmin.heldWinsList, gamesAdmin.heldWinRelease, gamesAdmin.heldWinRefuse]) {
      const body = c === gamesAdmin.heldWinsList ? { page: 1, pageSize: 5 } : { id: 1, reason: 'x' };
      expect(await opCall(t.app, c, body, { session: content.session })).toMatchObject({ code: 403 });
    }
    for (const op of [risk, finance]) {
      const res = await opCall(t.app, gamesAdmin.winLimitDefaultSet, { maxWinMultiple: 2 }, { session: op.session });
      expect(res.code).toBe(403);
    }
    expect((await adminCall(t.app, gamesAdmin.providersList, {})).data.defaultMaxWinMultiple).toBe(5_000);
  });
});
