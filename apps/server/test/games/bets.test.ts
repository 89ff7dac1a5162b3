import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { playersAdmin, bets, gamesAdmin, limits } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import {
  balanceOf,
  betRequest,
  registerTestProvider,
  seatPlayer,
  sendProvider,
  units,
  type TestProvider,
} from '../helpers/provider.js';
import { call, PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/* transaction/bet: every check a bet passes, and what an accepted one leaves in the bet store. */

describe('provider bets', () => {
  let t: TestApp;
  let p: TestProvider;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const bet = (body: object) => sendProvider(t, p, 'transaction/bet', body);
  const records = async (player: TestPlayer, lang?: string) =>
    (await call(t.app, bets.betRecordList, { page: 1, pageSize: 20 }, { token: player.token, ...(lang && { lang }) }))
      .data;

  it('debits the stake and records an open bet of the game, its round and type', async () => {
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const req = betRequest({ ...r, round: 'R-1' }, units(12_345));
    const res = await bet(req);
    expect(res.answer).toEqual({
      user: player.username,
      status: 'RS_OK',
      request_uuid: req.request_uuid,
      currency: 'CNY',
      balance: units(100_000 - 12_345),
    });
    expect(await balanceOf(t, player)).toBe(100_000 - 12_345);
    const { list } = await records(player);
    expect(list).toEqual([
      expect.objectContaining({ gameType: 'slots', gameName: '测试老虎机', stake: 12_345, status: 'open', payout: 0 }),
    ]);
    const details = await call(t.app, bets.betRecordDetails, { betNo: list[0]!.betNo }, { token: player.token });
    expect(details.data).toMatchObject({ roundId: `${p.id}:R-1`, round: { title: expect.stringContaining('R-1') } });
  });

  it('the same request again replays its answer; another request under its uuid is a duplicate', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const req = betRequest(r, units(10_000));
    const first = await bet(req);
    const again = await bet({ ...req, request_uuid: 'retry-1' });
    expect(again.answer).toEqual({ ...first.answer, request_uuid: 'retry-1' });
    const more = await bet({ ...req, amount: units(20_000) });
    expect(more.answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_DUPLICATE_TRANSACTION',
      request_uuid: req.request_uuid,
    });
    for (const change of [{ round: 'other' }, { game_code: p.poker }, { currency: 'USD' }]) {
      expect((await bet({ ...req, ...change })).answer.status, JSON.stringify(change)).toBe(
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
    }
    expect(await balanceOf(t, player)).toBe(40_000);
    expect((await records(player)).list).toHaveLength(1);
  });

  it('concurrent copies of one bet apply once', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const req = betRequest(r, units(1_000));
    const answers = await Promise.all(Array.from({ length: 12 }, () => bet(req)));
    expect(new Set(answers.map((a) => JSON.stringify(a.answer)))).toEqual(
      new Set([JSON.stringify(answers[0]!.answer)]),
    );
    expect(answers[0]!.answer).toMatchObject({ status: 'RS_OK', balance: units(49_000) });
    expect(await balanceOf(t, player)).toBe(49_000);
  });

  it('refuses sub-cent amounts, free rounds and zero (WRONG_TYPES) and another currency (WRONG_CURRENCY)', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    for (const extra of [{ amount: 1_000_500 }, { amount: 999 }, { amount: 0 }, { is_free: true }]) {
      const res = await bet(betRequest(r, units(1_000), extra));
      expect(res.answer.status, JSON.stringify(extra)).toBe('RS_ERROR_WRONG_TYPES');
    }
    expect((await bet(betRequest({ ...r, currency: 'USD' }, units(1_000)))).answer.status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await balanceOf(t, player)).toBe(50_000);
    expect((await records(player)).list).toEqual([]);
  });

  it('refuses a game that is not an enabled game of this provider, or not the token’s (INVALID_GAME / INVALID_TOKEN)', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const other = await registerTestProvider(t);
    expect((await bet(betRequest({ ...r, game: other.slot }, units(1_000)))).answer.status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect((await bet(betRequest({ ...r, game: 'no-such-game' }, units(1_000)))).answer.status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect((await bet(betRequest({ ...r, game: p.poker }, units(1_000)))).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.slot, enabled: false });
    const off = await bet(betRequest(r, units(1_000)));
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.slot, enabled: true });
    expect(off.answer.status).toBe('RS_ERROR_INVALID_GAME');
    expect(await balanceOf(t, player)).toBe(50_000);
  });

  it('refuses unknown, foreign and expired tokens', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const { r: someone } = await seatPlayer(t, 50_000, p.slot);
    for (const token of ['', 'x'.repeat(9), 'y'.repeat(256), someone.token, `${r.token.slice(1)}A`]) {
      expect((await bet(betRequest({ ...r, token }, units(1_000)))).answer.status, token).toBe(
        'RS_ERROR_INVALID_TOKEN',
      );
    }
    t.clock.advance(4 * 60 * 60 * 1000);
    expect((await bet(betRequest(r, units(1_000)))).answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await balanceOf(t, player)).toBe(50_000);
  });

  it('refuses a disabled or self-excluded player (USER_DISABLED)', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const disable = await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: player.username,
      status: 'disabled',
      reason: 'test',
    });
    expect(disable.code, disable.msg).toBe(200);
    const req = betRequest(r, units(1_000));
    expect((await bet(req)).answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_USER_DISABLED',
      request_uuid: req.request_uuid,
    });
    await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: player.username,
      status: 'active',
      reason: 'test',
    });

    const { player: excluded, r: er } = await seatPlayer(t, 50_000, p.slot);
    const set = await call(
      t.app,
      limits.set,
      { kind: 'exclusion', days: 7, password: PASSWORD },
      { token: excluded.token },
    );
    expect(set.code, set.msg).toBe(200);
    expect((await bet(betRequest(er, units(1_000)))).answer.status).toBe('RS_ERROR_USER_DISABLED');
    expect([await balanceOf(t, player), await balanceOf(t, excluded)]).toEqual([50_000, 50_000]);
  });

  it('refuses a bet over the balance with RS_ERROR_NOT_ENOUGH_MONEY and the balance', async () => {
    const { player, r } = await seatPlayer(t, 5_000, p.slot);
    const req = betRequest(r, units(5_001));
    expect((await bet(req)).answer).toEqual({
      user: player.username,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: req.request_uuid,
      currency: 'CNY',
      balance: units(5_000),
    });
    expect((await bet(betRequest(r, units(5_000)))).answer).toMatchObject({ status: 'RS_OK', balance: 0 });
    // Concurrent bets of one player never overdraw: the player's lock makes each see the last balance.
    const { player: busy, r: br } = await seatPlayer(t, 10_000, p.slot);
    const answers = await Promise.all(Array.from({ length: 8 }, () => bet(betRequest(br, units(3_000)))));
    expect(answers.filter((a) => a.answer.status === 'RS_OK')).toHaveLength(3);
    expect(answers.filter((a) => a.answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(5);
    expect(await balanceOf(t, busy)).toBe(1_000);
  });

  it('a poker bet sent as "insurance" is an insurance bet; a slot bet never is', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.poker);
    expect((await bet(betRequest(r, units(1_000), { bet: 'insurance' }))).answer.status).toBe('RS_OK');
    expect((await bet(betRequest(r, units(2_000), { bet: 'call' }))).answer.status).toBe('RS_OK');
    const { player: slotter, r: sr } = await seatPlayer(t, 50_000, p.slot);
    expect((await bet(betRequest(sr, units(1_000), { bet: 'insurance' }))).answer.status).toBe('RS_OK');

    const rows = await queryRows<{ stake: string; insurance: boolean; game_type: string }>(
      t.db,
      sql`SELECT stake::text, insurance, game_type FROM bets WHERE user_id IN (${player.userId}, ${slotter.userId})
          ORDER BY id`,
    );
    expect(rows).toEqual([
      { stake: '1000', insurance: true, game_type: 'poker' },
      { stake: '2000', insurance: false, game_type: 'poker' },
      { stake: '1000', insurance: false, game_type: 'slots' },
    ]);
    const { list } = await records(player, 'en');
    expect(list.map((b) => b.selectionName)).toEqual([null, 'Insurance']);
  });

  it('refuses a string with a NUL character (PostgreSQL cannot keep it) as WRONG_TYPES', async () => {
    const { r } = await seatPlayer(t, 50_000, p.slot);
    const res = await bet(betRequest(r, units(1_000), { transaction_uuid: `${randomUUID()}\u0000` }));
    expect(res.answer.status).toBe('RS_ERROR_WRONG_TYPES');
  });
});
