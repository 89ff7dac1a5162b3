import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { playersAdmin, bets, gamesAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import {
  balanceOf,
  betRequest,
  moneyCalls,
  registerTestProvider,
  rollbackRequest,
  seatPlayer,
  units,
  winRequest,
  type TestProvider,
} from '../helpers/provider.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/* transaction/win and transaction/rollback: settling, voiding, and the orders providers get wrong. */

describe('provider wins and rollbacks', () => {
  let t: TestApp;
  let p: TestProvider;
  let send: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
    send = moneyCalls(t, p);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const onlyBet = async (player: TestPlayer) => {
    const res = await call(t.app, bets.betRecordList, { page: 1, pageSize: 5 }, { token: player.token });
    expect(res.data.list).toHaveLength(1);
    return res.data.list[0]!;
  };
  const remainderOf = async (betNo: string) =>
    Number(
      (
        await queryRows<{ r: string }>(t.db, sql`SELECT payout_remainder::text AS r FROM bets WHERE bet_no = ${betNo}`)
      )[0]?.r,
    );

  it('a win credits its amount floored to the cent, keeps the rest on the bet, and settles it won', async () => {
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const bet = betRequest(r, units(10_000));
    await send.bet(bet);
    const win = winRequest(bet, 25_000_999); // 250.00999 → 25,000 cents and 999 left over
    const res = await send.win(win);
    expect(res.answer).toEqual({
      user: player.username,
      status: 'RS_OK',
      request_uuid: win.request_uuid,
      currency: 'CNY',
      balance: units(115_000),
    });
    const record = await onlyBet(player);
    expect(record).toMatchObject({ status: 'won', stake: 10_000, payout: 25_000, validBet: 10_000 });
    expect(record.settledAt).not.toBeNull();
    expect(await remainderOf(record.betNo)).toBe(999);

    // The same win again: its answer, nothing more credited.
    expect((await send.win({ ...win, request_uuid: 'again' })).answer).toEqual({
      ...res.answer,
      request_uuid: 'again',
    });
    const other = await send.win({ ...win, amount: units(30_000) });
    expect(other.answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(t, player)).toBe(115_000);
  });

  it('a win of 0 settles the bet lost; a later win of the same bet adds its payout', async () => {
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const bet = betRequest(r, units(10_000));
    await send.bet(bet);
    expect((await send.win(winRequest(bet, 0))).answer).toMatchObject({ status: 'RS_OK', balance: units(90_000) });
    expect(await onlyBet(player)).toMatchObject({ status: 'lost', payout: 0, validBet: 10_000 });

    // A bonus round paying later: the bet becomes won, then a further win adds to it.
    expect((await send.win(winRequest(bet, units(4_000) + 500))).answer.balance).toBe(units(94_000));
    expect((await send.win(winRequest(bet, units(6_000) + 700))).answer.balance).toBe(units(100_000));
    const record = await onlyBet(player);
    expect(record).toMatchObject({ status: 'won', payout: 10_000, validBet: 10_000 });
    expect(await remainderOf(record.betNo)).toBe(1_200);
    await expectLedgerOk(t.db);
  });

  it('a win of an unknown bet, of another player’s bet or of a refused bet does not exist', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const { r: other } = await seatPlayer(t, 10_000, p.slot);
    const unknown = winRequest(betRequest(r, units(1_000)), units(5_000));
    expect((await send.win(unknown)).answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      request_uuid: unknown.request_uuid,
    });
    const theirs = betRequest(other, units(1_000));
    await send.bet(theirs);
    expect((await send.win({ ...winRequest(theirs, units(5_000)), user: r.user })).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const refused = betRequest(r, units(20_000));
    expect((await send.bet(refused)).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await send.win(winRequest(refused, units(40_000)))).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await balanceOf(t, player)).toBe(10_000);
  });

  it('a win never checks the token’s expiry or the account: it comes after an expired token and a block', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(1_000));
    await send.bet(bet);
    t.clock.advance(5 * 60 * 60 * 1000);
    expect((await send.bet(betRequest(r, units(1_000)))).answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: player.username,
      status: 'disabled',
      reason: 'test',
    });
    const win = await send.win(winRequest(bet, units(3_000), { token: 'long-gone-token' }));
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: units(12_000) });
    expect(await balanceOf(t, player)).toBe(12_000);
  });

  it('a rollback voids an open bet and refunds it, once; a win after it is ROLLED_BACK', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(4_000));
    await send.bet(bet);
    const rollback = rollbackRequest(r, bet.transaction_uuid);
    expect((await send.rollback(rollback)).answer).toEqual({
      user: player.username,
      status: 'RS_OK',
      request_uuid: rollback.request_uuid,
      currency: 'CNY',
      balance: units(10_000),
    });
    expect(await onlyBet(player)).toMatchObject({ status: 'void', payout: 4_000, validBet: 0 });
    // The same rollback again, and another rollback of the bet: RS_OK, no second refund.
    expect((await send.rollback(rollback)).answer.status).toBe('RS_OK');
    expect((await send.rollback(rollbackRequest(r, bet.transaction_uuid))).answer.status).toBe('RS_OK');
    expect(await balanceOf(t, player)).toBe(10_000);

    const late = winRequest(bet, units(8_000));
    expect((await send.win(late)).answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      request_uuid: late.request_uuid,
    });
    expect(await balanceOf(t, player)).toBe(10_000);
  });

  it('a rollback before its bet answers RS_OK and refuses the bet when it comes (and its win)', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(4_000));
    const early = await send.rollback(rollbackRequest(r, bet.transaction_uuid));
    expect(early.answer).toMatchObject({ status: 'RS_OK', balance: units(10_000) });
    expect((await send.bet(bet)).answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      request_uuid: bet.request_uuid,
    });
    expect((await send.win(winRequest(bet, units(9_000)))).answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(t, player)).toBe(10_000);
    const list = await call(t.app, bets.betRecordList, { page: 1, pageSize: 5 }, { token: player.token });
    expect(list.data.list).toEqual([]);
  });

  it('rollbacks never check the account; a settled bet or a win cannot be rolled back', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const open = betRequest(r, units(1_000));
    const won = betRequest(r, units(2_000));
    await send.bet(open);
    await send.bet(won);
    const win = winRequest(won, units(5_000));
    await send.win(win);
    await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: player.username,
      status: 'disabled',
      reason: 'test',
    });
    expect((await send.rollback(rollbackRequest(r, open.transaction_uuid))).answer.balance).toBe(units(13_000));
    for (const reference of [won.transaction_uuid, win.transaction_uuid]) {
      const res = await send.rollback(rollbackRequest(r, reference));
      expect(res.answer).toEqual({
        user: player.username,
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        request_uuid: expect.any(String),
      });
    }
    expect(await balanceOf(t, player)).toBe(13_000);
  });

  it('a rollback of a refused bet changes nothing and the bet’s retry keeps its refusal', async () => {
    const { player, r } = await seatPlayer(t, 1_000, p.slot);
    const bet = betRequest(r, units(2_000));
    expect((await send.bet(bet)).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await send.rollback(rollbackRequest(r, bet.transaction_uuid))).answer).toMatchObject({
      status: 'RS_OK',
      balance: units(1_000),
    });
    expect((await send.bet(bet)).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await balanceOf(t, player)).toBe(1_000);
  });

  it('the operator sees each call as answered, newest first, by player', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest({ ...r, round: 'round-77' }, units(1_500));
    await send.bet(bet);
    await send.win(winRequest(bet, 2_500_500));
    await send.rollback(rollbackRequest(r, randomUUID()));
    const res = await adminCall(t.app, gamesAdmin.transactionsList, {
      page: 1,
      pageSize: 10,
      username: player.username,
    });
    expect(res.code, res.msg).toBe(200);
    const betNo = (await onlyBet(player)).betNo;
    expect(res.data.total).toBe(3);
    expect(res.data.list.map(({ createdAt: _, transactionUuid: __, ...rest }) => rest)).toEqual([
      {
        providerId: p.id,
        kind: 'rollback',
        username: player.username,
        gameCode: p.slot,
        round: expect.any(String),
        amount: 0,
        heldAmount: 0,
        status: 'RS_OK',
        betNo: null,
      },
      {
        providerId: p.id,
        kind: 'win',
        username: player.username,
        gameCode: p.slot,
        round: 'round-77',
        amount: 2_500,
        heldAmount: 0,
        status: 'RS_OK',
        betNo,
      },
      {
        providerId: p.id,
        kind: 'bet',
        username: player.username,
        gameCode: p.slot,
        round: 'round-77',
        amount: 1_500,
        heldAmount: 0,
        status: 'RS_OK',
        betNo,
      },
    ]);
  });
});
