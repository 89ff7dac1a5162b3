import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auth } from '@breakshot/contracts';
import { buildApp } from '../../src/app.js';
import { settlePeriod } from '../../src/modules/agents/settlement/settle.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { checkLedger } from '../../src/modules/wallet/service.js';
import { inTransaction, openDatabase, queryRows, type Db } from '../../src/platform/db.js';
import { resolveSecretsKey } from '../../src/platform/secret-box.js';
import { localDate } from '../../src/platform/time-range.js';
import { importDatabase } from '../../src/tools/db-transfer/import.js';
import { tableNames } from '../helpers/counts.js';
import { call, FAST_HASHING, registerUser, TEST_CAPTCHA, testClock } from '../helpers/test-app.js';
import { freshDatabase, LOCAL_PG_URL, pgAnswers, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';
import { pngBytes, upload } from '../helpers/uploads.js';

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);
const tool = (name: string) => fileURLToPath(new URL(`../../src/tools/${name}.ts`, import.meta.url));

/** Runs a tool as the operator does (node with tsx on the sources), with `env` over this process's. */
function runTool(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', tool(name), ...args], {
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Every row of every table as PostgreSQL's JSON text (every column, exactly), in one order on both sides. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    const tables: Record<string, string[]> = {};
    for (const table of await tableNames(tx)) {
      const rows = await queryRows<{ row: string }>(
        tx,
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY row_to_json(t)::text COLLATE "C"`,
      );
      tables[table] = rows.map((r) => r.row);
    }
    return tables;
  });
}

const maxId = async (db: Db, table: 'users' | 'accounts') =>
  (await queryRows<{ id: string }>(db, sql`SELECT max(id)::text AS id FROM ${sql.identifier(table)}`))[0]!.id;

/** An embedded install moved to PostgreSQL keeps every balance, bet and statement. */
describe.skipIf(!pgUp)('moving an embedded install to PostgreSQL (db:export, db:import)', { timeout: 240_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'breakshot-transfer-'));
  const dataDir = join(root, 'data');
  const file = join(root, 'breakshot.export.gz');
  const embedded = { DATABASE_URL: '', DATA_DIR: dataDir, SECRETS_KEY: '' };
  let key: Buffer;
  let target: TestDatabase;
  let source: Record<string, string[]>;
  let refusedWhileRunning: { code: number | null; out: string };

  beforeAll(async () => {
    // The embedded install as the server makes it: the key file beside the database, the demo
    // team's deposits, transfer and settled bets, a player's upload, the stored signing key.
    key = resolveSecretsKey(undefined, dataDir).key;
    const clock = testClock();
    const app = await buildApp({
      database: await openDatabase({ dataDir }),
      now: clock.now,
      captchaTestCode: TEST_CAPTCHA,
      passwordHashing: FAST_HASHING,
      rateLimits: { perIp: 10_000, perUsername: 10_000, perSession: 10_000 },
      sandboxPay: true,
      demo: true,
      demoProvider: true,
      scheduler: false,
      secretsKey: key,
    });
    try {
      // The export is refused while the server holds the folder (started now: its start is slow).
      const refusal = runTool('db-export', [join(root, 'refused.gz')], embedded);
      const player = await registerUser(app);
      expect((await upload(app, player, 'avatar', { bytes: await pngBytes(24) })).code).toBe(200);
      const day = localDate(clock.now(), (await getSysConfig(app.ctx.db)).timeZone);
      clock.advance(26 * 3_600_000);
      expect((await settlePeriod(app.ctx, 'commission', day, clock.now())).statements).toBeGreaterThan(0);
      refusedWhileRunning = await refusal;
    } finally {
      await app.close();
    }
    target = await freshDatabase(serverUrl, { empty: true });
    // Migrating a new folder and starting a process: a minute and more on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await target?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses to export while the server holds the data folder', () => {
    expect(refusedWhileRunning.code).toBe(1);
    expect(refusedWhileRunning.out).toContain(`is in use by process ${process.pid}`);
  });

  it('exports every table after the ledger check, and names the key the import needs without printing it', async () => {
    const exported = await runTool('db-export', [file], embedded);
    expect(exported.out).toContain('ledger OK');
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(/exported \d+ tables, \d+ rows/);
    expect(exported.out).toContain(`SECRETS_KEY=$(cat ${join(dataDir, 'secrets.key')})`);
    expect(exported.out).not.toContain(key.toString('hex'));
    expect(gunzipSync(readFileSync(file)).toString()).not.toContain(key.toString('hex'));

    const database = await openDatabase({ dataDir });
    try {
      source = await everyRow(database.db);
      expect((await checkLedger(database.db)).ok).toBe(true);
    } finally {
      await database.close();
    }
    // What the move must keep is there to lose.
    for (const table of ['users', 'accounts', 'transfers', 'entries', 'bets', 'agent_statements', 'uploads'])
      expect(source[table]!.length, table).toBeGreaterThan(0);
  });

  it('refuses an import without the key that sealed the export’s secrets, before touching the target', async () => {
    const database = await target.open();
    try {
      const wrong = { key: Buffer.alloc(32, 1), from: 'SECRETS_KEY' };
      await expect(importDatabase(database, file, wrong)).rejects.toThrow(/did not seal the export's secrets/);
      await expect(importDatabase(database, file, null)).rejects.toThrow(/set SECRETS_KEY to the source install's key/);
      expect(await tableNames(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('imports into an empty PostgreSQL database: every row and value of every table, the ledger intact', async () => {
    const imported = await runTool('db-import', [file], {
      DATABASE_URL: target.url!,
      SECRETS_KEY: key.toString('hex'),
      DATA_DIR: join(root, 'elsewhere'),
    });
    expect(imported.out).toContain('ledger OK');
    expect(imported.code).toBe(0);
    const database = await target.open();
    try {
      expect(await everyRow(database.db)).toEqual(source);
      expect((await checkLedger(database.db)).ok).toBe(true);

      // A second import into the now used database is refused and changes nothing.
      const key2 = { key, from: 'SECRETS_KEY' };
      await expect(importDatabase(database, file, key2)).rejects.toThrow(/the target database is not empty/);
      expect(await everyRow(database.db)).toEqual(source);
    } finally {
      await database.close();
    }
  });

  it('a server started on the imported database seeds nothing, opens the secrets, and numbers new rows past the imported', async () => {
    const before = { users: await maxIdOf('users'), accounts: await maxIdOf('accounts') };
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({
        database: await target.open(),
        captchaTestCode: TEST_CAPTCHA,
        passwordHashing: FAST_HASHING,
        scheduler: false,
        secretsKey: key,
      });
      expect(await everyRow(app.ctx.db)).toEqual(source);
      const session = await registerUser(app);
      const { data } = await call(app, auth.userInfo, {}, { token: session });
      expect(data.id).toBeGreaterThan(Number(before.users));
      expect(Number(await maxId(app.ctx.db, 'accounts'))).toBeGreaterThan(Number(before.accounts));
    } finally {
      await app?.close();
    }
  });

  async function maxIdOf(table: 'users' | 'accounts'): Promise<string> {
    const database = await target.open();
    try {
      return await maxId(database.db, table);
    } finally {
      await database.close();
    }
  }
});
