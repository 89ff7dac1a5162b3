import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesAdmin, hub88 } from '@breakshot/contracts';
import { walletPublicKey } from '../../src/modules/games/service.js';
import { newKeyPair, signBody, verifyBody } from '../../src/platform/signing.js';
import {
  balanceOf,
  betRequest,
  registerTestProvider,
  rollbackRequest,
  seatPlayer,
  sendProvider,
  units,
  winRequest,
  type TestProvider,
} from '../helpers/provider.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * The seamless wallet's envelope: Hub88's field names, signatures both ways, the order of refusals,
 * a provider switched off, and requests too large to keep.
 */

const keysOf = (o: object) => Object.keys(o).sort();
const BALANCE_FIELDS = ['balance', 'currency', 'request_uuid', 'status', 'user'];

describe('seamless wallet protocol', () => {
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

  it('answers each call HTTP 200 with exactly the Hub88 fields, signed with our key', async () => {
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const info = await sendProvider(t, p, 'user/info', { user: r.user, request_uuid: 'info-1' });
    expect(info.httpStatus).toBe(200);
    expect(info.signedByUs).toBe(true);
    expect(keysOf(info.answer)).toEqual(keysOf(hub88.userInfoAnswer.shape));
    expect(hub88.userInfoAnswer.parse(info.answer)).toMatchObject({
      user: player.username,
      status: 'RS_OK',
      request_uuid: 'info-1',
      country: 'CN',
      registration_date: new Date().toISOString().slice(0, 10),
      tags: [],
      sex: null,
    });

    const balance = await sendProvider(t, p, 'user/balance', {
      user: r.user,
      token: r.token,
      request_uuid: 'bal-1',
      game_code: p.slot,
    });
    expect(balance).toMatchObject({ httpStatus: 200, signedByUs: true });
    expect(balance.answer).toEqual({
      user: player.username,
      status: 'RS_OK',
      request_uuid: 'bal-1',
      currency: 'CNY',
      balance: units(100_000),
    });

    const bet = betRequest(r, units(2_500));
    const rollback = rollbackRequest(r, randomUUID());
    // The requests sent here carry exactly the fields Hub88 names.
    expect(keysOf(bet)).toEqual(keysOf(hub88.betRequest.shape));
    expect(keysOf(winRequest(bet, 0))).toEqual(keysOf(hub88.winRequest.shape));
    expect(keysOf(rollback)).toEqual(keysOf(hub88.rollbackRequest.shape));
    const answers = [
      await sendProvider(t, p, 'transaction/bet', bet),
      await sendProvider(t, p, 'transaction/win', winRequest(bet, 0)),
      await sendProvider(t, p, 'transaction/rollback', rollback),
    ];
    for (const res of answers) {
      expect(res).toMatchObject({ httpStatus: 200, signedByUs: true, answer: { status: 'RS_OK' } });
      expect(keysOf(res.answer)).toEqual(BALANCE_FIELDS);
      expect(hub88.balanceAnswer.parse(res.answer).balance).toBe(units(97_500));
    }
  });

  it('refuses an unknown or disabled provider, then a bad signature, then bad JSON, then wrong types', async () => {
    const { player, r } = await seatPlayer(t, 50_000, p.slot);
    const bet = betRequest(r, units(1_000));
    const send = (options: Parameters<typeof sendProvider>[4], body: unknown = bet) =>
      sendProvider(t, p, 'transaction/bet', body, options);

    const stranger = await send({ providerId: 'nobody' });
    expect(stranger).toMatchObject({ httpStatus: 200, signedByUs: true });
    expect(stranger.answer).toEqual({ status: 'RS_ERROR_INVALID_PARTNER', request_uuid: bet.request_uuid });

    const other = newKeyPair();
    const payload = JSON.stringify(bet);
    for (const signature of [null, 'not base64!', signBody(other.privatePem, payload)]) {
      const res = await send({ signature });
      expect(res.answer, String(signature)).toEqual({
        status: 'RS_ERROR_INVALID_SIGNATURE',
        request_uuid: bet.request_uuid,
      });
    }
    // The signature covers the exact bytes: the same JSON spaced differently is another body.
    const altered = await send({ raw: JSON.stringify(bet, null, 1), signature: signBody(p.keys.privatePem, payload) });
    expect(altered.answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');

    expect((await send({ raw: '{"user": ' })).answer).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: '' });
    const wrongTypes = await send({}, { ...bet, amount: '1000000' });
    expect(wrongTypes.answer).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid: bet.request_uuid });
    const missing = await send({}, { ...bet, transaction_uuid: undefined });
    expect(missing.answer.status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await balanceOf(t, player)).toBe(50_000);

    // Signed properly, spaced otherwise: we parse the bytes we verified.
    const spaced = await send({ raw: JSON.stringify(bet, null, 2) });
    expect(spaced.answer).toMatchObject({ status: 'RS_OK', balance: units(49_000) });

    const off = await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: false });
    expect(off.code, off.msg).toBe(200);
    const disabled = await send({}, betRequest(r, units(1_000)));
    expect(disabled.answer.status).toBe('RS_ERROR_INVALID_PARTNER');
    await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: true });
    expect(await balanceOf(t, player)).toBe(49_000);
  });

  it('an unknown player: user/info RS_ERROR_UNKNOWN, balance and bet RS_ERROR_INVALID_TOKEN, win DOES_NOT_EXIST', async () => {
    const { r } = await seatPlayer(t, 10_000, p.slot);
    const ghost = { ...r, user: 'nosuchplayer1' };
    const info = await sendProvider(t, p, 'user/info', { user: ghost.user, request_uuid: 'i' });
    expect(info.answer).toEqual({ user: ghost.user, status: 'RS_ERROR_UNKNOWN', request_uuid: 'i' });
    const balance = await sendProvider(t, p, 'user/balance', {
      user: ghost.user,
      token: r.token,
      request_uuid: 'b',
      game_code: p.slot,
    });
    expect(balance.answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    const bet = betRequest(ghost, units(1_000));
    expect((await sendProvider(t, p, 'transaction/bet', bet)).answer).toEqual({
      user: ghost.user,
      status: 'RS_ERROR_INVALID_TOKEN',
      request_uuid: bet.request_uuid,
    });
    expect((await sendProvider(t, p, 'transaction/win', winRequest(bet, units(500)))).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
  });

  it('user/balance needs this player’s token for this game, not expired', async () => {
    const { r } = await seatPlayer(t, 10_000, p.slot);
    const { r: other } = await seatPlayer(t, 10_000, p.slot);
    const ask = (token: string, game = p.slot) =>
      sendProvider(t, p, 'user/balance', { user: r.user, token, request_uuid: randomUUID(), game_code: game });
    expect((await ask(r.token)).answer.status).toBe('RS_OK');
    expect((await ask(other.token)).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await ask('short')).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await ask(`${r.token}x`)).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await ask(r.token, p.poker)).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await ask(r.token, 'no-such-game')).answer.status).toBe('RS_ERROR_INVALID_GAME');
    t.clock.advance(4 * 60 * 60 * 1000 + 1);
    expect((await ask(r.token)).answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
  });

  it('an unknown call path is a syntax error, and nothing is stored for refusals before the schema', async () => {
    const before = await rowCount(t.db, 'provider_transactions');
    const res = await t.app.inject({
      method: 'POST',
      url: `${hub88.PROVIDER_PREFIX}/${p.id}/transaction/refund`,
      headers: { 'content-type': 'application/json', [hub88.SIGNATURE_HEADER]: signBody(p.keys.privatePem, '{}') },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: '' });
    expect(await rowCount(t.db, 'provider_transactions')).toBe(before);
  });

  it('answers a path that names no call, or another method, signed WRONG_SYNTAX with the request_uuid', async () => {
    const body = JSON.stringify({ user: 'someone', request_uuid: 'no-call' });
    const key = await walletPublicKey(t.app.ctx);
    for (const [method, url] of [
      ['POST', `${hub88.PROVIDER_PREFIX}/${p.id}`],
      ['POST', `${hub88.PROVIDER_PREFIX}/`],
      ['PUT', `${hub88.PROVIDER_PREFIX}/${p.id}/user/info`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: 'no-call' });
      expect(verifyBody(key, res.body, String(res.headers[hub88.SIGNATURE_HEADER])), url).toBe(true);
    }
  });

  it('a provider switched off takes no new play, but its wins and rollbacks still settle its open rounds', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const won = betRequest(r, units(1_000));
    const lost = betRequest(r, units(2_000));
    for (const bet of [won, lost]) {
      expect((await sendProvider(t, p, 'transaction/bet', bet)).answer.status).toBe('RS_OK');
    }
    const off = await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: false });
    expect(off.code, off.msg).toBe(200);
    try {
      const play = [
        ['user/info', { user: r.user, request_uuid: randomUUID() }],
        ['user/balance', { user: r.user, token: r.token, request_uuid: randomUUID(), game_code: p.slot }],
        ['transaction/bet', betRequest(r, units(500))],
      ] as const;
      for (const [name, body] of play) {
        const res = await sendProvider(t, p, name, body);
        expect(res, name).toMatchObject({ signedByUs: true, answer: { status: 'RS_ERROR_INVALID_PARTNER' } });
      }
      // Only the provider's own signature settles anything, and only a known provider.
      const win = winRequest(won, units(3_000));
      expect((await sendProvider(t, p, 'transaction/win', win, { signature: null })).answer.status).toBe(
        'RS_ERROR_INVALID_SIGNATURE',
      );
      expect((await sendProvider(t, p, 'transaction/win', win, { providerId: 'nobody' })).answer.status).toBe(
        'RS_ERROR_INVALID_PARTNER',
      );
      const paid = await sendProvider(t, p, 'transaction/win', win);
      expect(paid.answer).toMatchObject({ status: 'RS_OK', balance: units(10_000) });
      const refunded = await sendProvider(t, p, 'transaction/rollback', rollbackRequest(r, lost.transaction_uuid));
      expect(refunded.answer).toMatchObject({ status: 'RS_OK', balance: units(12_000) });
      expect(await balanceOf(t, player)).toBe(12_000);
    } finally {
      await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: true });
    }
  });

  it('refuses for good what it cannot keep: names over 255 characters, meta too deep or too large', async () => {
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    const bet = betRequest(r, units(1_000));
    expect((await sendProvider(t, p, 'transaction/bet', bet)).answer.status).toBe('RS_OK');
    const before = await rowCount(t.db, 'provider_transactions');
    // About 3 KB that does not compress: too large for an index entry of lower(user_name).
    const long = randomBytes(2_400).toString('base64');
    const win = (extra: Record<string, unknown>) => winRequest(bet, units(500), extra);
    // Raw bytes: the test's own JSON.stringify could not write meta this deep.
    const deep = JSON.stringify(win({ meta: { deep: 'here' } })).replace(
      '"here"',
      `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    );
    const refused = [
      ['user/info', { user: long, request_uuid: randomUUID() }, {}],
      ['transaction/bet', betRequest({ ...r, user: long }, units(100)), {}],
      ['transaction/win', win({ user: long }), {}],
      ['transaction/win', win({ game_code: long }), {}],
      ['transaction/rollback', rollbackRequest({ ...r, user: long }, bet.transaction_uuid), {}],
      ['transaction/win', null, { raw: deep }],
      ['transaction/win', win({ meta: { notes: 'n'.repeat(20_000) } }), {}],
    ] as const;
    for (const [name, body, options] of refused) {
      const res = await sendProvider(t, p, name, body, options);
      expect(res, name).toMatchObject({
        httpStatus: 200,
        signedByUs: true,
        answer: { status: 'RS_ERROR_WRONG_TYPES' },
      });
    }
    expect(await rowCount(t.db, 'provider_transactions')).toBe(before);

    // A token is the token check's business: a bet refuses a long one, a win never reads it.
    const longToken = { ...r, token: 't'.repeat(300) };
    const refusedBet = await sendProvider(t, p, 'transaction/bet', betRequest(longToken, units(100)));
    expect(refusedBet.answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    const settling = win({ token: longToken.token, meta: { a: [[{ b: 1 }]] } });
    const paid = await sendProvider(t, p, 'transaction/win', settling);
    expect(paid.answer).toMatchObject({ status: 'RS_OK', balance: units(9_500) });
    expect(await balanceOf(t, player)).toBe(9_500);
  });
});
