import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@breakshot/contracts';
import { DEFAULT_TIME_ZONE, formatInZone } from '@breakshot/contracts/time';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { call, PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, newTestPlayer } from '../helpers/withdrawals.js';

describe('npm run admin -- player-limits', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('shows the limits, a pending increase and the self-exclusion with its end', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    await call(t.app, limits.set, { kind: 'deposit', day: 50_000 }, { token: p.token });
    await call(t.app, limits.set, { kind: 'deposit', day: 80_000 }, { token: p.token });
    await call(t.app, limits.set, { kind: 'reminder', minutes: 60 }, { token: p.token });
    const before = await adminCli(url, ['player-limits', p.username]);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toMatch(/day\s+500\.00\s+0\.00\s+800\.00 from \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(before.stdout).toContain('not self-excluded');
    expect(before.stdout).toContain('reality reminder: every 60 minutes');

    await call(t.app, limits.set, { kind: 'exclusion', days: 90, password: PASSWORD }, { token: p.token });
    const after = await adminCli(url, ['player-limits', p.username]);
    // The site's wall clock (Asia/Shanghai unless configured), whatever this machine's zone.
    const until = new Date(t.clock.now().getTime() + 90 * 24 * 60 * 60 * 1000);
    const printed = formatInZone(until, DEFAULT_TIME_ZONE, { offset: true });
    expect(printed).toMatch(/\(UTC\+8\)$/);
    expect(after.stdout).toContain(`until ${printed} (cannot be lifted early)`);
    expect((await adminCli(url, ['player-limits', 'nobody12345'])).code).toBe(1);
  });
});
