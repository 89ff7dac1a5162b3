import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gamesAdmin } from '@breakshot/contracts';
import { walletPublicKey } from '../../src/modules/games/service.js';
import { loadConfig } from '../../src/platform/config.js';
import { queryRows } from '../../src/platform/db.js';
import { newKeyPair, signBody, verifyBody } from '../../src/platform/signing.js';
import { registerTestProvider, seatPlayer, sendProvider } from '../helpers/provider.js';
import { startTestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* The key our wallet answers are signed with: OPERATOR_WALLET_PRIVATE_KEY, or one made and kept. */

describe('the operator wallet key', () => {
  it('reads OPERATOR_WALLET_PRIVATE_KEY as PEM (with \\n escapes) and refuses anything else', () => {
    const { privatePem } = newKeyPair();
    expect(loadConfig({ OPERATOR_WALLET_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') }).operatorWalletKey).toBe(
      privatePem,
    );
    expect(loadConfig({}).operatorWalletKey).toBeUndefined();
    expect(() => loadConfig({ OPERATOR_WALLET_PRIVATE_KEY: 'secret' })).toThrow(/OPERATOR_WALLET_PRIVATE_KEY/);
  });

  it('signs with the configured key, and shows its public half to the operator', async () => {
    const configured = newKeyPair();
    const t = await startTestApp({
      adminToken: ADMIN_TEST_TOKEN,
      scheduler: false,
      operatorWalletKey: configured.privatePem,
    });
    try {
      const p = await registerTestProvider(t);
      const { r } = await seatPlayer(t, 0, p.slot);
      const res = await t.app.inject({
        method: 'POST',
        url: `/provider/${p.id}/user/info`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ user: r.user, request_uuid: 'x' }),
      });
      expect(verifyBody(configured.publicPem, res.body, String(res.headers['x-hub88-signature']))).toBe(true);
      const list = await adminCall(t.app, gamesAdmin.providersList, {});
      expect(list.data.operatorPublicKey).toBe(configured.publicPem);
      expect(await queryRows(t.db, sql`SELECT name FROM server_keys WHERE name = 'operator-wallet'`)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('without one, makes a key pair once and keeps signing with it', async () => {
    const t = await startTestApp({ scheduler: false, operatorWalletKey: undefined });
    try {
      const p = await registerTestProvider(t);
      const { r } = await seatPlayer(t, 0, p.slot);
      const first = await sendProvider(t, p, 'user/info', { user: r.user, request_uuid: 'a' });
      const second = await sendProvider(t, p, 'user/info', { user: r.user, request_uuid: 'b' });
      expect([first.signedByUs, second.signedByUs]).toEqual([true, true]);
      const [stored] = await queryRows<{ public_pem: string }>(
        t.db,
        sql`SELECT public_pem FROM server_keys WHERE name = 'operator-wallet'`,
      );
      expect(stored?.public_pem).toBe(await walletPublicKey(t.app.ctx));
    } finally {
      await t.close();
    }
  });

  it('reads the key at start, so that answers are signed even when the key store cannot be read', async () => {
    const t = await startTestApp({ scheduler: false, operatorWalletKey: undefined });
    try {
      const p = await registerTestProvider(t);
      const { r } = await seatPlayer(t, 0, p.slot);
      const payload = JSON.stringify({ user: r.user, request_uuid: 'k' });
      await t.db.execute(sql`ALTER TABLE server_keys RENAME TO server_keys_away`);
      const res = await t.app
        .inject({
          method: 'POST',
          url: `/provider/${p.id}/user/info`,
          headers: { 'content-type': 'application/json', 'x-hub88-signature': signBody(p.keys.privatePem, payload) },
          payload,
        })
        .finally(() => t.db.execute(sql`ALTER TABLE server_keys_away RENAME TO server_keys`));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'RS_OK', request_uuid: 'k' });
      const key = await walletPublicKey(t.app.ctx);
      expect(verifyBody(key, res.body, String(res.headers['x-hub88-signature']))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
