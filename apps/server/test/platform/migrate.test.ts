import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/platform/db.js';
import { applyMigrations, withSetupLock } from '../../src/platform/migrate.js';
import { prepareDatabase } from '../../src/seed/prepare.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('migrations and seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('records every applied file and applies nothing twice', async () => {
    const applied = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect(applied.map((r) => r.name)).toContain('0001_foundation.sql');
    const again = await withSetupLock(t.app.ctx.database, (conn) => applyMigrations(t.app.ctx.database, conn));
    expect(again).toEqual([]);
  });

  it('seeds only an empty database', async () => {
    await t.db.execute(sql`UPDATE site_config SET value = '"Renamed"' WHERE key = 'siteName'`);
    await prepareDatabase(t.app.ctx.database, new Date(), { sandboxPay: true });
    const [row] = await queryRows<{ value: string }>(t.db, sql`SELECT value FROM site_config WHERE key = 'siteName'`);
    expect(row?.value).toBe('Renamed');
  });
});
