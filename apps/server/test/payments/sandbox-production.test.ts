import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { payments } from '@breakshot/contracts';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';
import { queryRows } from '../../src/platform/db.js';
import { createChannel } from '../../src/modules/payments/channels.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { newPlayer } from '../helpers/wallet.js';

describe('the sandbox gateway outside demo mode', () => {
  it('is off in production unless SANDBOX_PAY=1, which warns', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sandboxPay).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_PAY: '0' }).sandboxPay).toBe(false);
    expect(loadConfig({}).sandboxPay).toBe(true);
    expect(loadConfig({ SANDBOX_PAY: '0' }).sandboxPay).toBe(false);
    const forced = loadConfig({ NODE_ENV: 'production', SANDBOX_PAY: '1' });
    expect(forced.sandboxPay).toBe(true);
    expect(startupWarnings(forced).join()).toContain('SANDBOX_PAY=1 in production');
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  describe('a production app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ scheduler: false, sandboxPay: false });
    });
    afterAll(() => t.close());

    it('seeds no sandbox channel and offers none', async () => {
      const adapters = await queryRows<{ adapter: string }>(t.db, sql`SELECT DISTINCT adapter FROM pay_channels`);
      expect(adapters.map((r) => r.adapter)).toEqual(['manual']);
      // One made by hand (or left from a demo database) is still not offered.
      const sandbox = await createChannel(t.db, {
        name: '沙盒支付',
        type: 'sandbox',
        adapter: 'sandbox',
        minAmount: 100,
        maxAmount: 1_000_000,
        presets: [],
      });
      const p = await newPlayer(t);
      const config = await call(t.app, payments.payConfig, {}, { token: p.token });
      expect(config.data.channels.map((c) => c.adapter)).not.toContain('sandbox');
      expect(config.data.channels.length).toBeGreaterThan(0);
      const start = await call(t.app, payments.startPay, { channelId: sandbox.id, amount: 10_000 }, { token: p.token });
      expect(start.code).toBe(404);
    });

    it('has no sandbox routes', async () => {
      for (const [method, url] of [
        ['GET', '/pay/sandbox/D20260101000000000001'],
        ['POST', '/pay/sandbox/D20260101000000000001/pay'],
        ['POST', '/pay/sandbox/D20260101000000000001/fail'],
        ['POST', '/pay/callback/sandbox'],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
      }
    });
  });
});
