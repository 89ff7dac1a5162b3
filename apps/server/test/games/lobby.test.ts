import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, games, gamesAdmin, limits } from '@breakshot/contracts';
import { registerCatalogue } from '../../src/modules/demo-provider/catalogue.js';
import { launchGame } from '../../src/modules/games/launch.js';
import { ensureGame, ensureProvider } from '../../src/modules/games/service.js';
import { newKeyPair } from '../../src/platform/signing.js';
import {
  betRequest,
  launchToken,
  registerTestProvider,
  sendProvider,
  units,
  type TestProvider,
} from '../helpers/provider.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.js';
import { rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* game/list (the lobby's tiles) and game/launch (the token and the provider's URL). */

describe('provider games in the lobby', () => {
  let t: TestApp;
  let p: TestProvider;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t, 'https://play.example/launch?brand=bs');
  });
  afterAll(() => t.close());

  const lobby = async (lang?: string) => {
    const res = await call(t.app, games.list, {}, lang ? { lang } : {});
    expect(res.code, res.msg).toBe(200);
    return res.data.categories;
  };
  const codes = (categories: Awaited<ReturnType<typeof lobby>>) =>
    Object.fromEntries(categories.map((c) => [c.gameType, c.games.map((g) => g.code)]));

  it('lists enabled games of enabled providers by category, sorted, named in the reader’s language', async () => {
    await ensureGame(t.db, {
      code: `${p.id}-a-first`,
      providerId: p.id,
      name: '首选',
      nameEn: 'First pick',
      gameType: 'slots',
      image: '/img/first.png',
      sort: 0,
    });
    await ensureGame(t.db, {
      code: `${p.id}-b-same`,
      providerId: p.id,
      name: '同序',
      nameEn: 'Same sort',
      gameType: 'slots',
      image: '',
      sort: 1,
    });
    const zh = await lobby();
    expect(codes(zh)).toEqual({
      slots: [`${p.id}-a-first`, `${p.id}-b-same`, p.slot],
      poker: [p.poker],
    });
    expect(zh[0]!.games[0]).toEqual({
      code: `${p.id}-a-first`,
      name: '首选',
      gameType: 'slots',
      providerId: p.id,
      providerName: expect.stringContaining('Test games'),
      image: '/img/first.png',
    });
    expect((await lobby('en'))[0]!.games.map((g) => g.name)).toEqual(['First pick', 'Same sort', 'Test Slot']);

    // A disabled game leaves the lobby; a provider's whole catalogue leaves with it; an empty category is left out.
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.poker, enabled: false });
    expect(codes(await lobby())).toEqual({ slots: [`${p.id}-a-first`, `${p.id}-b-same`, p.slot] });
    await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: false });
    expect(await lobby()).toEqual([]);
    // Re-registering at start keeps the operator's switches.
    await ensureProvider(t.db, {
      id: p.id,
      name: 'Renamed',
      gameTypes: ['slots', 'poker'],
      publicKey: p.keys.publicPem,
      launchUrl: 'https://play.example/launch?brand=bs',
    });
    await ensureGame(t.db, {
      code: p.poker,
      providerId: p.id,
      name: '扑克',
      nameEn: 'Poker',
      gameType: 'poker',
      image: '',
      sort: 2,
    });
    expect(await lobby()).toEqual([]);
    await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: true });
    expect(codes(await lobby())).toEqual({ slots: [`${p.id}-a-first`, `${p.id}-b-same`, p.slot] });
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.poker, enabled: true });
  });

  it('launch answers the provider URL with a fresh token, the player, game, currency and language', async () => {
    const player = await fundedPlayer(t, 10_000);
    const res = await call(t.app, games.launch, { gameCode: p.slot }, { token: player.token, lang: 'en' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ gameCode: p.slot, name: 'Test Slot' });
    const url = new URL(res.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://play.example/launch');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ brand: 'bs', user: player.username, game: p.slot, currency: 'CNY', lang: 'en' });
    expect(params.token).toMatch(/^[A-Za-z0-9_-]{10,255}$/);
    // The token is what the provider's bets need; a second launch makes another.
    expect(
      (
        await sendProvider(
          t,
          p,
          'transaction/bet',
          betRequest({ user: player.username, token: params.token!, game: p.slot }, units(1_000)),
        )
      ).answer.status,
    ).toBe('RS_OK');
    expect(await launchToken(t, player, p.slot)).not.toBe(params.token);
    expect(
      new URL(
        (await call(t.app, games.launch, { gameCode: p.slot }, { token: player.token })).data.url,
      ).searchParams.get('lang'),
    ).toBe('zh');
  });

  it('launch refuses an unknown game (404), a disabled game or provider (422), a guest (401)', async () => {
    const player = await fundedPlayer(t, 0);
    const launch = (gameCode: string) => call(t.app, games.launch, { gameCode }, { token: player.token });
    expect(await launch('no-such-game')).toMatchObject({ code: 404, data: { field: 'gameCode' } });
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.slot, enabled: false });
    expect((await launch(p.slot)).code).toBe(422);
    await adminCall(t.app, gamesAdmin.gameEnable, { code: p.slot, enabled: true });
    await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: false });
    expect((await launch(p.slot)).code).toBe(422);
    await adminCall(t.app, gamesAdmin.providerEnable, { id: p.id, enabled: true });
    expect((await call(t.app, games.launch, { gameCode: p.slot })).code).toBe(401);
    expect((await launch(p.slot)).code).toBe(200);
  });

  it('launch refuses a locked or self-excluded player (403), whose sessions have ended too', async () => {
    const excluded = await fundedPlayer(t, 0);
    const set = await call(
      t.app,
      limits.set,
      { kind: 'exclusion', days: 30, password: PASSWORD },
      { token: excluded.token },
    );
    expect(set.code, set.msg).toBe(200);
    expect((await call(t.app, games.launch, { gameCode: p.slot }, { token: excluded.token })).code).toBe(401);
    const tokensBefore = await rowCount(t.db, 'game_tokens');
    await expect(launchGame(t.app.ctx, excluded.userId, p.slot, 'en')).rejects.toMatchObject({
      code: 403,
      messageKey: 'selfExcludedBet',
    });
    const locked = await fundedPlayer(t, 0);
    await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: locked.username,
      status: 'disabled',
      reason: 'test',
    });
    await expect(launchGame(t.app.ctx, locked.userId, p.slot, 'en')).rejects.toMatchObject({
      code: 403,
      messageKey: 'accountDisabled',
    });
    expect(await rowCount(t.db, 'game_tokens')).toBe(tokensBefore);
  });

  it('neither lists nor launches the demo games in an app without the demo provider, though enabled', async () => {
    // As a database once run in demo mode has them.
    await registerCatalogue(t.db, newKeyPair().publicPem);
    const providers = await adminCall(t.app, gamesAdmin.providersList, {});
    expect(providers.data.items.find((x) => x.id === 'demo')?.enabled).toBe(true);
    expect((await lobby()).flatMap((c) => c.games).filter((g) => g.providerId === 'demo')).toEqual([]);
    const player = await fundedPlayer(t, 0);
    const res = await call(t.app, games.launch, { gameCode: 'demo-slot' }, { token: player.token });
    expect(res).toMatchObject({ code: 422 });
  });
});
