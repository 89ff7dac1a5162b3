import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, gamesAdmin } from '@breakshot/contracts';
import { walletPublicKey } from '../../src/modules/games/service.js';
import { newKeyPair } from '../../src/platform/signing.js';
import { adminCli as admin, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import {
  balanceOf,
  betRequest,
  registerTestProvider,
  seatPlayer,
  sendProvider,
  units,
  winRequest,
} from '../helpers/provider.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/** The codes of the games the lobby offers now. */
const lobbyCodes = async (t: TestApp) =>
  (await call(t.app, games.list, {})).data.categories.flatMap((c) => c.games.map((g) => g.code));

describe('npm run admin: provider games commands', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'games-cli-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('adds a provider from a key file, changes one field of it, lists it with our key, and switches it off', async () => {
    const keyFile = join(dir, 'acme.pem');
    const { publicPem } = newKeyPair();
    writeFileSync(keyFile, publicPem);

    const added = await admin(url, [
      'provider-save',
      '--id',
      'acme',
      '--name',
      'Acme Games',
      '--types',
      'slots,poker',
      '--key-file',
      keyFile,
      '--launch-url',
      'https://acme.example/play',
    ]);
    expect(added, added.stderr).toMatchObject({
      code: 0,
      stdout: 'provider acme Acme Games saved (enabled, 0 games)\n',
    });

    const moved = await admin(url, ['provider-save', '--id', 'acme', '--launch-url', 'https://play.acme.example/']);
    expect(moved.code, moved.stderr).toBe(0);
    const acme = (await adminCall(t.app, gamesAdmin.providersList, {})).data.items.find((p) => p.id === 'acme');
    expect(acme).toMatchObject({
      name: 'Acme Games',
      gameTypes: ['slots', 'poker'],
      publicKey: publicPem.trim(),
      launchUrl: 'https://play.acme.example/',
    });

    const list = await admin(url, ['providers']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/acme\s+Acme Games\s+yes\s+slots,poker\s+0\s+https:\/\/play\.acme\.example\//);
    expect(list.stdout).toContain((await walletPublicKey(t.app.ctx)).trim());

    const off = await admin(url, ['provider-enable', 'acme', 'off']);
    expect(off.stdout).toBe('provider acme Acme Games: disabled\n');
    expect((await admin(url, ['providers'])).stdout).toMatch(/acme\s+Acme Games\s+no\s/);

    const audit = await admin(url, ['audit', 'games.provider.save']);
    expect(audit.stdout).toMatch(/@admin-token\s+games\.provider\.save\s+acme/);
  });

  it('refuses a new provider without its key, a file that is not a key, and on/off mistakes', async () => {
    const partial = await admin(url, ['provider-save', '--id', 'newco', '--name', 'New Co', '--types', 'slots']);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('missing --key-file');

    const notKey = join(dir, 'not-a-key.pem');
    writeFileSync(notKey, '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n');
    const refused = await admin(url, [
      'provider-save',
      '--id',
      'newco',
      '--name',
      'New Co',
      '--types',
      'slots',
      '--key-file',
      notKey,
      '--launch-url',
      'https://newco.example/',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('400');
    expect((await adminCall(t.app, gamesAdmin.providersList, {})).data.items.map((p) => p.id)).not.toContain('newco');

    expect((await admin(url, ['provider-save', '--id', 'newco', '--types', 'slots,dice'])).code).toBe(2);
    expect((await admin(url, ['provider-enable', 'acme', 'maybe'])).code).toBe(2);
    const unknown = await admin(url, ['provider-enable', 'nobody', 'on']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('404');
  });

  it('adds a game, changes its sort only, lists games by provider and takes one out of the lobby', async () => {
    const p = await registerTestProvider(t);
    const saved = await admin(url, [
      'game-save',
      '--code',
      `${p.id}-fruit`,
      '--provider',
      p.id,
      '--name',
      '水果机',
      '--name-en',
      'Fruit Slot',
      '--type',
      'slots',
      '--image',
      '/games/fruit.png',
    ]);
    expect(saved, saved.stderr).toMatchObject({ code: 0, stdout: `game ${p.id}-fruit 水果机 saved (enabled)\n` });
    expect(await lobbyCodes(t)).toContain(`${p.id}-fruit`);

    expect((await admin(url, ['game-save', '--code', `${p.id}-fruit`, '--sort', '7'])).code).toBe(0);
    const list = await admin(url, ['games', '--provider', p.id]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`${p.id}-fruit\\s+${p.id}\\s+slots\\s+水果机\\s+Fruit Slot\\s+yes\\s+7\\s+/games/fruit\\.png`),
    );
    expect(list.stdout).toContain(p.slot);
    expect(list.stdout).not.toContain('acme');

    const off = await admin(url, ['game-enable', p.slot, 'off']);
    expect(off.stdout).toBe(`game ${p.slot} 测试老虎机: disabled\n`);
    expect(await lobbyCodes(t)).not.toContain(p.slot);
    expect((await admin(url, ['game-enable', p.slot, 'on'])).code).toBe(0);
    expect(await lobbyCodes(t)).toContain(p.slot);

    const newWithoutType = await admin(url, ['game-save', '--code', 'x-1', '--provider', p.id, '--name', 'x']);
    expect(newWithoutType.code).toBe(2);
    expect(newWithoutType.stderr).toContain('missing --name-en');
    expect((await admin(url, ['game-save', '--code', `${p.id}-fruit`, '--sort', 'first'])).code).toBe(2);
  });

  it("shows a player's wallet calls", async () => {
    const p = await registerTestProvider(t);
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const other = await seatPlayer(t, 100_000, p.slot);
    const bet = betRequest({ ...r, round: 'round-cli-1' }, units(1250));
    expect((await sendProvider(t, p, 'transaction/bet', bet)).answer.status).toBe('RS_OK');
    await sendProvider(t, p, 'transaction/bet', betRequest(other.r, units(300)));

    const mine = await admin(url, ['game-transactions', '--user', player.username]);
    expect(mine.code, mine.stderr).toBe(0);
    expect(mine.stdout).toMatch(
      new RegExp(
        `${bet.transaction_uuid}\\s+${p.id}\\s+bet\\s+${player.username}\\s+${p.slot}\\s+round-cli-1\\s+12\\.50\\s+RS_OK\\s+\\S+`,
      ),
    );
    expect(mine.stdout).not.toContain(other.player.username);
    expect((await admin(url, ['game-transactions'])).stdout).toContain(other.player.username);
    expect((await admin(url, ['game-transactions', 'alice'])).code).toBe(2);
  });

  it('gives a game its own win limit, lists the wins held above it, releases one and refuses one', async () => {
    const p = await registerTestProvider(t);
    const limited = await admin(url, ['game-save', '--code', p.slot, '--max-win', '2']);
    expect(limited.code, limited.stderr).toBe(0);
    const { player, r } = await seatPlayer(t, 10_000, p.slot);
    for (const round of ['cli-held-1', 'cli-held-2']) {
      const bet = betRequest({ ...r, round }, units(1_000));
      await sendProvider(t, p, 'transaction/bet', bet);
      await sendProvider(t, p, 'transaction/win', winRequest(bet, units(5_000)));
    }
    // Another change of the game keeps its limit.
    expect((await admin(url, ['game-save', '--code', p.slot, '--sort', '3'])).code).toBe(0);
    const [second, first] = (await adminCall(t.app, gamesAdmin.heldWinsList, { page: 1, pageSize: 5 })).data.list;
    expect([first!.amount, second!.amount, first!.maxWinMultiple]).toEqual([3_000, 3_000, 2]);

    const waiting = await admin(url, ['held-wins']);
    expect(waiting.code, waiting.stderr).toBe(0);
    expect(waiting.stdout).toMatch(
      new RegExp(`${first!.id}\\s+${player.username}\\s+${p.slot}\\s+cli-held-1\\s+50\\.00\\s+20\\.00\\s+30\\.00`),
    );
    expect(await admin(url, ['held-win-release', String(first!.id)])).toMatchObject({
      code: 0,
      stdout: `held win ${first!.id} (30.00, ${player.username}): released\n`,
    });
    expect((await admin(url, ['held-win-refuse', String(second!.id)])).code).toBe(2);
    expect((await admin(url, ['held-win-refuse', String(second!.id), '重复派彩'])).code).toBe(0);
    expect((await admin(url, ['held-win-release', String(second!.id)])).stderr).toContain('409');
    expect(await balanceOf(t, player)).toBe(10_000 - 2_000 + 2 * 2_000 + 3_000);
    expect((await admin(url, ['held-wins', 'refused'])).stdout).toMatch(/@admin-token\s+重复派彩/);
    expect((await admin(url, ['game-save', '--code', p.slot, '--max-win', 'default'])).code).toBe(0);
  });
});
