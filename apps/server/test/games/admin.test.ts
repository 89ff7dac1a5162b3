import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, gamesAdmin } from '@breakshot/contracts';
import { walletPublicKey } from '../../src/modules/games/service.js';
import { newKeyPair } from '../../src/platform/signing.js';
import { newOperator, opCall } from '../helpers/operators.js';
import { registerTestProvider, seatPlayer, sendProvider, type TestProvider } from '../helpers/provider.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* The operator's providers and catalogue: validation, audit, roles, and the key providers verify us with. */

describe('provider games in the console', () => {
  let t: TestApp;
  let p: TestProvider;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
  });
  afterAll(() => t.close());

  const keys = newKeyPair();
  const provider = {
    id: 'acme-games',
    name: 'Acme',
    gameTypes: ['slots'],
    // Stored as sent, trimmed.
    publicKey: keys.publicPem.trim(),
    launchUrl: 'https://acme.example/play',
  };
  const auditOf = async (action: string) =>
    (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action })).data.list;

  it('adds a provider (enabled, audited), refuses a bad key or launch URL, and lists providers with our key', async () => {
    const badKey = await adminCall(t.app, gamesAdmin.providerSave, { ...provider, publicKey: 'not a key' });
    expect(badKey).toMatchObject({ code: 400, data: { field: 'publicKey' } });
    const privateKey = await adminCall(t.app, gamesAdmin.providerSave, { ...provider, publicKey: keys.privatePem });
    expect(privateKey).toMatchObject({ code: 400, data: { field: 'publicKey' } });
    const badUrl = await adminCall(t.app, gamesAdmin.providerSave, { ...provider, launchUrl: 'javascript:alert(1)' });
    expect(badUrl).toMatchObject({ code: 400, data: { field: 'launchUrl' } });
    const badId = await adminCall(t.app, gamesAdmin.providerSave, { ...provider, id: 'Acme Games' });
    expect(badId).toMatchObject({ code: 400, data: { field: 'id' } });
    expect(await rowCount(t.db, 'game_providers')).toBe(1);

    const saved = await adminCall(t.app, gamesAdmin.providerSave, provider);
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ ...provider, enabled: true, games: 0 });
    const [entry] = await auditOf('games.provider.save');
    expect(entry).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      target: 'acme-games',
      before: null,
      after: { name: 'Acme', enabled: true, launchUrl: provider.launchUrl },
    });

    const list = await adminCall(t.app, gamesAdmin.providersList, {});
    expect(list.data.items.map((i) => [i.id, i.games])).toEqual([
      ['acme-games', 0],
      [p.id, 2],
    ]);
    // The key providers verify our answers with is the one that signs them.
    const { r } = await seatPlayer(t, 0, p.slot);
    const info = await sendProvider(t, p, 'user/info', { user: r.user, request_uuid: 'k' });
    expect(info.signedByUs).toBe(true);
    expect(list.data.operatorPublicKey).toBe(await walletPublicKey(t.app.ctx));
  });

  it('changes a provider keeping it switched off, and switching is audited with before and after', async () => {
    const off = await adminCall(t.app, gamesAdmin.providerEnable, { id: 'acme-games', enabled: false });
    expect(off.data.enabled).toBe(false);
    const changed = await adminCall(t.app, gamesAdmin.providerSave, {
      ...provider,
      name: 'Acme Play',
      gameTypes: ['slots', 'poker'],
    });
    expect(changed.data).toMatchObject({ name: 'Acme Play', enabled: false, gameTypes: ['slots', 'poker'] });
    const [entry] = await auditOf('games.provider.enable');
    expect(entry).toMatchObject({ target: 'acme-games', before: { enabled: true }, after: { enabled: false } });
    expect(await adminCall(t.app, gamesAdmin.providerEnable, { id: 'nobody', enabled: true })).toMatchObject({
      code: 404,
    });
  });

  it('adds and changes games of a provider’s types, lists them by provider, and switches them', async () => {
    const game = {
      code: 'acme-fruit',
      providerId: 'acme-games',
      name: '水果机',
      nameEn: 'Fruit',
      gameType: 'slots',
      image: '',
      sort: 5,
    };
    expect(await adminCall(t.app, gamesAdmin.gameSave, { ...game, providerId: 'nobody' })).toMatchObject({
      code: 404,
      data: { field: 'providerId' },
    });
    await adminCall(t.app, gamesAdmin.providerSave, provider); // slots only again
    expect(await adminCall(t.app, gamesAdmin.gameSave, { ...game, gameType: 'poker' })).toMatchObject({
      code: 400,
      data: { field: 'gameType' },
    });
    expect(await adminCall(t.app, gamesAdmin.gameSave, { ...game, sort: -1 })).toMatchObject({
      code: 400,
      data: { field: 'sort' },
    });

    const saved = await adminCall(t.app, gamesAdmin.gameSave, game);
    expect(saved.data).toEqual({ ...game, enabled: true, maxWinMultiple: null });
    await adminCall(t.app, gamesAdmin.gameEnable, { code: 'acme-fruit', enabled: false });
    const renamed = await adminCall(t.app, gamesAdmin.gameSave, { ...game, nameEn: 'Fruit Deluxe' });
    expect(renamed.data).toMatchObject({ nameEn: 'Fruit Deluxe', enabled: false });
    expect((await auditOf('games.game.save'))[0]).toMatchObject({
      target: 'acme-fruit',
      before: { nameEn: 'Fruit', enabled: false },
      after: { nameEn: 'Fruit Deluxe' },
    });
    // The game's own win limit; left out (or null, as the apps never send), the default again.
    const limited = await adminCall(t.app, gamesAdmin.gameSave, { ...game, maxWinMultiple: 50 });
    expect(limited.data.maxWinMultiple).toBe(50);
    expect((await auditOf('games.game.save'))[0]).toMatchObject({
      before: { maxWinMultiple: null },
      after: { maxWinMultiple: 50 },
    });
    for (const maxWinMultiple of [0, 1_000_001, 2.5]) {
      expect(await adminCall(t.app, gamesAdmin.gameSave, { ...game, maxWinMultiple })).toMatchObject({
        code: 400,
        data: { field: 'maxWinMultiple' },
      });
    }
    expect((await adminCall(t.app, gamesAdmin.gameSave, game)).data.maxWinMultiple).toBeNull();
    await adminCall(t.app, gamesAdmin.gameSave, { ...game, maxWinMultiple: 50 });
    expect(
      (await adminCall(t.app, gamesAdmin.gameSave, { ...game, maxWinMultiple: null })).data.maxWinMultiple,
    ).toBeNull();

    const mine = await adminCall(t.app, gamesAdmin.gamesList, { page: 1, pageSize: 10, providerId: 'acme-games' });
    expect(mine.data).toMatchObject({ total: 1, list: [{ code: 'acme-fruit', enabled: false }] });
    const all = await adminCall(t.app, gamesAdmin.gamesList, { page: 1, pageSize: 2 });
    expect(all.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.data.list).toHaveLength(2);
    expect(await adminCall(t.app, gamesAdmin.gameEnable, { code: 'nope', enabled: true })).toMatchObject({ code: 404 });
  });

  it('risk may read and switch games, not change providers', async () => {
    const risk = await newOperator(t, 'risk-games', 'risk');
    expect((await opCall(t.app, gamesAdmin.providersList, {}, { session: risk.session })).code).toBe(200);
    expect(
      (await opCall(t.app, gamesAdmin.gameEnable, { code: p.slot, enabled: true }, { session: risk.session })).code,
    ).toBe(200);
    expect((await opCall(t.app, gamesAdmin.providerSave, provider, { session: risk.session })).code).toBe(403);
    expect(
      (await opCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: false }, { session: risk.session })).code,
    ).toBe(403);
    expect((await opCall(t.app, gamesAdmin.gameSave, {}, { session: risk.session })).code).toBe(403);
  });
});
