import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth, bets, games } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { hashOf } from '../../src/platform/fair.js';
import { drawDeal } from '../../src/modules/demo-provider/insurance.js';
import { cardText } from '../../src/modules/demo-provider/poker-hand.js';
import { drawSpin, slotPayout } from '../../src/modules/demo-provider/slot.js';
import { listenLocal } from '../helpers/live-client.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The demo provider end to end: launched from the lobby, playing through its own API against the
 * seamless wallet of a listening app, over HTTP with its own key pair.
 */

interface Launch {
  token: string;
  user: string;
  game: string;
  currency: string;
  lang: string;
}

describe('the demo provider against the seamless wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demoProvider: true, adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  async function launch(player: TestPlayer, gameCode: string): Promise<Launch> {
    const res = await call(t.app, games.launch, { gameCode }, { token: player.token });
    expect(res.code).toBe(200);
    const url = new URL(res.data.url, 'http://site.example');
    expect(url.pathname).toBe('/demo-provider/play');
    return Object.fromEntries(url.searchParams) as unknown as Launch;
  }

  async function api(path: string, body: object) {
    const res = await t.app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body });
    return { status: res.statusCode, body: res.json() };
  }

  const open = (l: Launch) => api('session', { token: l.token, user: l.user, game: l.game, currency: l.currency });
  const balance = async (player: TestPlayer) =>
    (await call(t.app, auth.userInfo, {}, { token: player.token })).data.balance;

  it('lists its two games in the lobby', async () => {
    const res = await call(t.app, games.list, {});
    const tiles = res.data.categories.flatMap((c) => c.games).filter((g) => g.providerId === 'demo');
    expect(tiles.map((g) => [g.code, g.gameType])).toEqual([
      ['demo-slot', 'slots'],
      ['demo-insurance', 'poker'],
    ]);
    const page = await t.app.inject({ url: tiles[0]!.image });
    expect(page.statusCode).toBe(200);
  });

  it('plays three spins: the balance moves by payouts − stakes and three slot bets are settled', async () => {
    const player = await fundedPlayer(t, 10_000);
    const l = await launch(player, 'demo-slot');
    const session = await open(l);
    expect(session.status).toBe(200);
    expect(session.body.balance).toBe(10_000);

    let seedHash: string = session.body.next.seedHash;
    let net = 0;
    let previous = JSON.stringify(session.body);
    for (let i = 0; i < 3; i += 1) {
      const res = await api('slot/spin', { token: l.token, stake: 200, clientSeed: 'e2e-seed', seedHash });
      expect(res.status).toBe(200);
      const spin = res.body;
      expect(spin.state).toBe('settled');
      // The seed committed before the spin, revealed after it, draws exactly these reels.
      expect(spin.round.seedHash).toBe(seedHash);
      expect(hashOf(spin.round.serverSeed)).toBe(seedHash);
      expect(spin.round).toMatchObject({ clientSeed: 'e2e-seed', nonce: i });
      // The answer that committed it (the session's, or the spin before) showed its hash only.
      expect(previous).toContain(seedHash);
      expect(previous).not.toContain(spin.round.serverSeed);
      const drawn = drawSpin(spin.round.serverSeed, 'e2e-seed', i);
      expect(spin.grid).toEqual(drawn.grid);
      expect(spin.payout).toBe(slotPayout(200, drawn));
      net += spin.payout - 200;
      expect(spin.balance).toBe(10_000 + net);
      expect(spin.next.nonce).toBe(i + 1);
      previous = JSON.stringify(spin);
      seedHash = spin.next.seedHash;
    }
    expect(await balance(player)).toBe(10_000 + net);

    const records = await call(
      t.app,
      bets.betRecordList,
      { gameType: 'slots', page: 1, pageSize: 10 },
      { token: player.token },
    );
    expect(records.data.list).toHaveLength(3);
    for (const bet of records.data.list) {
      expect(bet).toMatchObject({ gameType: 'slots', gameName: '幸运九宫格', stake: 200, validBet: 200 });
      expect(['won', 'lost']).toContain(bet.status);
    }
    expect(records.data.summary.winLoss).toBe(net);
  });

  it('refuses a spin the balance cannot cover in the player’s words, and reveals the unused seed', async () => {
    const player = await fundedPlayer(t, 150);
    const l = await launch(player, 'demo-slot');
    const { body } = await open(l);
    const res = await api('slot/spin', { token: l.token, stake: 200, clientSeed: 'x', seedHash: body.next.seedHash });
    expect(res.body).toMatchObject({
      state: 'refused',
      walletStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
      grid: null,
      payout: 0,
    });
    expect(hashOf(res.body.round.serverSeed)).toBe(body.next.seedHash);
    expect(await balance(player)).toBe(150);
  });

  it('spins only from the seed the player was shown', async () => {
    const player = await fundedPlayer(t, 1_000);
    const l = await launch(player, 'demo-slot');
    const { body } = await open(l);
    const stale = 'ab'.repeat(32);
    const res = await api('slot/spin', { token: l.token, stake: 100, clientSeed: 'x', seedHash: stale });
    expect(res).toEqual({ status: 409, body: { error: 'seed_changed' } });
    const again = await open(l);
    expect(again.body.next).toEqual(body.next);
    expect(await balance(player)).toBe(1_000);
  });

  it('checks the launch token with the wallet before a session opens', async () => {
    const player = await fundedPlayer(t, 1_000);
    const l = await launch(player, 'demo-slot');
    const forged = await open({ ...l, token: 'x'.repeat(40) });
    expect(forged).toEqual({ status: 422, body: { error: 'RS_ERROR_INVALID_TOKEN' } });
    const spin = await api('slot/spin', {
      token: 'x'.repeat(40),
      stake: 100,
      clientSeed: 'x',
      seedHash: 'ab'.repeat(32),
    });
    expect(spin).toEqual({ status: 401, body: { error: 'no_session' } });
    const bad = await api('slot/spin', { token: l.token, stake: 300, clientSeed: 'x', seedHash: 'ab'.repeat(32) });
    expect(bad).toEqual({ status: 400, body: { error: 'invalid_request', field: 'stake' } });
  });

  it('insures a hand: the premium is an insurance bet of the poker game, paid by the table if the villain hits', async () => {
    const player = await fundedPlayer(t, 50_000);
    const l = await launch(player, 'demo-insurance');
    const { body } = await open(l);
    let cash = 50_000;
    let hits = 0;
    let seedHash: string = body.next.seedHash;
    for (let hand = 0; hand < 4; hand += 1) {
      const dealt = await api('insurance/deal', { token: l.token, clientSeed: 'ins', seedHash });
      expect(dealt.status).toBe(200);
      const { hand: view } = dealt.body;
      expect(view.seedHash).toBe(seedHash);
      expect(JSON.stringify(dealt.body)).not.toMatch(/serverSeed|river/);
      // Opening the page again shows the same hand, not a new one.
      expect((await open(l)).body.hand).toEqual(view);

      const res = await api('insurance/settle', { token: l.token, roundId: view.roundId, premium: 1_000 });
      expect(res.body.state).toBe('settled');
      const deal = drawDeal(res.body.river.round.serverSeed, 'ins', hand);
      expect(deal.hero.map(cardText)).toEqual(view.hero);
      expect(res.body.river.card).toBe(cardText(deal.river));
      const hit = view.outs.includes(res.body.river.card);
      expect(res.body.river.villainHits).toBe(hit);
      const pays = hit ? 1_000 + Math.floor((1_000 * view.oddsTenths) / 10) : 0;
      expect(res.body.river.payout).toBe(pays);
      cash += pays - 1_000;
      hits += hit ? 1 : 0;
      expect(res.body.balance).toBe(cash);
      seedHash = res.body.next.seedHash;
    }
    const rows = await queryRows<{ game_type: string; insurance: boolean; n: number }>(
      t.db,
      sql`SELECT b.game_type, b.insurance, count(*)::int AS n FROM bets b JOIN users u ON u.id = b.user_id
          WHERE u.username = ${player.username} GROUP BY 1, 2`,
    );
    expect(rows).toEqual([{ game_type: 'poker', insurance: true, n: 4 }]);
    expect(await balance(player)).toBe(cash);
    expect(hits).toBeLessThanOrEqual(4);
  });

  it('deals the river without a bet when the player skips insurance', async () => {
    const player = await fundedPlayer(t, 1_000);
    const l = await launch(player, 'demo-insurance');
    const { body } = await open(l);
    const dealt = await api('insurance/deal', { token: l.token, clientSeed: 'skip', seedHash: body.next.seedHash });
    const res = await api('insurance/settle', { token: l.token, roundId: dealt.body.hand.roundId, premium: 0 });
    expect(res.body).toMatchObject({ state: 'skipped', balance: null, river: { premium: 0, payout: 0 } });
    const again = await api('insurance/settle', { token: l.token, roundId: dealt.body.hand.roundId, premium: 0 });
    expect(again).toEqual({ status: 409, body: { error: 'no_hand' } });
    expect(await balance(player)).toBe(1_000);
  });

  it('serves the game pages with the elements players and tests use', async () => {
    const slot = await t.app.inject({ url: '/demo-provider/play?game=demo-slot&lang=zh' });
    expect(slot.statusCode).toBe(200);
    for (const id of ['spin', 'result', 'balance', 'seed-hash', 'last-seed']) expect(slot.body).toContain(`id="${id}"`);
    expect(slot.body).toMatch(/<button id="spin"[^>]*>旋转<\/button>/);
    const en = await t.app.inject({ url: '/demo-provider/play?game=demo-slot&lang=en' });
    expect(en.body).toMatch(/<button id="spin"[^>]*>Spin<\/button>/);
    const poker = await t.app.inject({ url: '/demo-provider/play?game=demo-insurance' });
    for (const id of ['deal', 'buy', 'skip', 'result', 'balance', 'seed-hash'])
      expect(poker.body).toContain(`id="${id}"`);
    expect((await t.app.inject({ url: '/demo-provider/static/slot.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/demo-provider/play?game=nope' })).statusCode).toBe(404);
  });
});

describe('a demo provider in an app that does not listen', () => {
  it('says the wallet cannot be reached and draws nothing', async () => {
    const t = await startTestApp({ demoProvider: true, scheduler: false });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/demo-provider/api/session',
        payload: { token: 'x'.repeat(40), user: 'someone', game: 'demo-slot', currency: 'CNY' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'wallet_unavailable' });
    } finally {
      await t.close();
    }
  });
});
