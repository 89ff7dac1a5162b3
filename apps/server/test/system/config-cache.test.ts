import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { system } from '@breakshot/contracts';
import { updateSysConfig } from '../../src/modules/system/service.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';

describe('the config call answers from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const siteName = async () => (await call(t.app, system.getConfig)).data.sys.siteName;

  it('a change written by another instance shows within 5 s', async () => {
    const before = await siteName();
    await t.db.execute(sql`UPDATE site_config SET value = '"Elsewhere"' WHERE key = 'siteName'`);
    expect(await siteName()).toBe(before);
    t.clock.advance(5_000);
    expect(await siteName()).toBe('Elsewhere');
  });

  it('a change saved on this instance shows at once', async () => {
    await siteName();
    await updateSysConfig(t.db, { siteName: 'Here' }, t.clock.now());
    expect(await siteName()).toBe('Here');
  });
});
