import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contentAdmin } from '@breakshot/contracts';
import { queryRows, type Database } from '../../src/platform/db.js';
import { applyMigrations, migrationFiles, MIGRATIONS_DIR, withSetupLock } from '../../src/platform/migrate.js';
import { prepareDatabase } from '../../src/seed/prepare.js';
import { tableSum } from '../../src/tools/db-transfer/catalog.js';
import { startAppOn, startTestApp, type TestApp } from '../helpers/test-app.js';
import { freshDatabase, type TestDatabase } from '../helpers/test-db.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

describe('migrations and seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN });
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

  it("brings a rules page no operator has saved up to the seed's text on the next start, and leaves one an operator saved", async () => {
    const rules = (lang: string) =>
      queryRows<{ body: string }>(
        t.db,
        sql`SELECT body FROM content_pages WHERE key = 'taiqiu_rules' AND lang = ${lang}`,
      );
    const current = (await rules('en'))[0]!.body;
    expect(current).toContain('century');
    await t.db.execute(sql`UPDATE content_pages SET body = '<p>Old rules</p>' WHERE key = 'taiqiu_rules'`);
    await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'taiqiu_rules',
      lang: 'zh-CN',
      title: '台球投注规则',
      body: '<p>运营自定规则</p>',
    });
    await prepareDatabase(t.app.ctx.database, new Date(), { sandboxPay: true });
    expect((await rules('en'))[0]!.body).toBe(current);
    expect((await rules('zh-CN'))[0]!.body).toBe('<p>运营自定规则</p>');
  });
});

describe('checksums of applied migrations', () => {
  const sha256 = (file: string, dir = MIGRATIONS_DIR) =>
    createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
  const recorded = async (database: Database) =>
    Object.fromEntries(
      (
        await queryRows<{ name: string; checksum: string | null }>(
          database.db,
          sql`SELECT name, checksum FROM schema_migrations ORDER BY name`,
        )
      ).map((r) => [r.name, r.checksum]),
    );
  const filesChecksums = async (dir = MIGRATIONS_DIR) =>
    Object.fromEntries((await migrationFiles(dir)).map((f) => [f, sha256(f, dir)]));

  // Each test on a migrated database of its own.
  let fresh: TestDatabase;
  let database: Database;
  let edited: string | undefined;
  beforeEach(async () => {
    fresh = await freshDatabase();
    database = await fresh.open();
  });
  afterEach(async () => {
    if (edited) rmSync(edited, { recursive: true, force: true });
    edited = undefined;
    // A refused start closes the database itself.
    await database.close().catch(() => undefined);
    await fresh.drop();
  });

  it('records the sha256 of every file applied, and an unchanged database starts', async () => {
    expect(await recorded(database)).toEqual(await filesChecksums());
    const t = await startAppOn(database);
    await t.close();
  });

  it('refuses an applied migration whose file was edited, naming the file and both checksums', async () => {
    edited = mkdtempSync(join(tmpdir(), 'breakshot-migrations-'));
    cpSync(MIGRATIONS_DIR, edited, { recursive: true });
    const before = sha256('0012_content.sql');
    appendFileSync(join(edited, '0012_content.sql'), '\n-- edited after release\n');
    const after = sha256('0012_content.sql', edited);
    await expect(withSetupLock(database, (conn) => applyMigrations(database, conn, edited))).rejects.toThrow(
      `migration 0012_content.sql was changed after it was applied (sha256 recorded ${before}, file now ${after})`,
    );
  });

  it('does not start the server when a recorded checksum differs from the file', async () => {
    const other = createHash('sha256').update('another text').digest('hex');
    await database.db.execute(sql`UPDATE schema_migrations SET checksum = ${other} WHERE name = '0002_ledger.sql'`);
    await expect(startAppOn(database)).rejects.toThrow(
      `migration 0002_ledger.sql was changed after it was applied (sha256 recorded ${other}, file now ${sha256('0002_ledger.sql')})`,
    );
  });

  it('leaves the checksums out of the sum db:import compares, so an export made before them still imports', async () => {
    const withChecksums = await tableSum(database.db, 'schema_migrations');
    await database.db.execute(sql`ALTER TABLE schema_migrations DROP COLUMN checksum`);
    expect(await tableSum(database.db, 'schema_migrations')).toEqual(withChecksums);
  });

  it('fills the checksums of a database migrated before they were kept, then starts', async () => {
    await database.db.execute(sql`ALTER TABLE schema_migrations DROP COLUMN checksum`);
    const t = await startAppOn(database);
    expect(await recorded(database)).toEqual(await filesChecksums());
    await t.close();
  });
});
