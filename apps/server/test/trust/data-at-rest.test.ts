// Data at rest. The data folder is private, no secret can be read from the
// database files or the logs, one process holds a PGlite folder, and commits are on disk.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, operatorsAdmin, withdrawals } from '@breakshot/contracts';
import { buildApp } from '../../src/app.js';
import { walletKeys } from '../../src/modules/games/keys.js';
import { sandboxSecret } from '../../src/modules/payments/sandbox-secret.js';
import { openDatabase, queryRows } from '../../src/platform/db.js';
import { loggerOptions } from '../../src/platform/logger.js';
import { ADMIN_TOKEN_FILE, resolveAdminToken } from '../../src/platform/operator-token.js';
import { resolveSecretsKey, SECRETS_KEY_FILE, SecretsKeyMismatch } from '../../src/platform/secret-box.js';
import { OPERATOR_PASSWORD, opCall, totpCode } from '../helpers/operators.js';
import { tableNames } from '../helpers/counts.js';
import { luhnCard } from '../helpers/withdrawals.js';
import {
  call,
  captchaId,
  FAST_HASHING,
  startTestApp,
  TEST_CAPTCHA,
  testClock,
  uniqueName,
  type TestApp,
  type TestClock,
} from '../helpers/test-app.js';
import { tablesHolding } from './sessions/tokens.js';
import { freshDatabase, TEST_SERVER_URL } from '../helpers/test-db.js';
import { figure } from './figures.js';

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'breakshot-at-rest-'));
const clock = testClock();
let log = '';
const logStream = new Writable({ write: (chunk: Buffer, _enc, done) => ((log += chunk.toString()), done()) });

/** The server as server.ts starts it on a data folder: its token and sealing key beside the database. */
async function startOnFolder(): Promise<{ app: FastifyInstance; adminToken: string }> {
  const adminToken = resolveAdminToken(undefined, dir).token;
  const app = await buildApp({
    database: await openDatabase({ dataDir: dir }),
    logger: { ...(loggerOptions('info') as object), stream: logStream },
    now: clock.now,
    captchaTestCode: TEST_CAPTCHA,
    passwordHashing: FAST_HASHING,
    adminToken,
    sandboxPay: true,
    secretsKey: resolveSecretsKey(undefined, dir).key,
  });
  return { app, adminToken };
}

/** Every path under the folder whose mode is looser than 0700 (folders) or 0600 (files). */
function walk(path: string, seen: string[] = []): string[] {
  seen.push(path);
  if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name), seen);
  return seen;
}
const loose = (paths: string[]) =>
  paths.filter((p) => (lstatSync(p).mode & 0o777) !== (lstatSync(p).isDirectory() ? 0o700 : 0o600));

/** The database's own files: everything in the folder but the two key files kept beside it. */
const databaseFiles = () =>
  walk(dir).filter((p) => lstatSync(p).isFile() && ![SECRETS_KEY_FILE, ADMIN_TOKEN_FILE].some((f) => p.endsWith(f)));

/**
 * Every kind of secret the server handles, made through its calls: a player's password, fund
 * password, session and withdrawal card number, an operator's password, authenticator secret and session, the wallet's
 * signing key and the sandbox gateway's key. Returns them by name, with the three kept sealed.
 */
async function makeSecrets(app: FastifyInstance, clock: TestClock, adminToken: string) {
  const secrets: Record<string, string> = {};
  // Letters and a digit, as the password rule asks.
  secrets['player password'] = `Pw${randomBytes(9).toString('base64url')}7`;
  secrets['fund password'] = String(randomInt(100_000, 999_999));
  const registered = await call(app, auth.register, {
    username: uniqueName('rest'),
    password: secrets['player password'],
    captchaId: await captchaId(app),
    captchaCode: TEST_CAPTCHA,
  });
  expect(registered.code).toBe(200);
  secrets['session token'] = registered.data.token;
  const fund = await call(
    app,
    withdrawals.setFundPassword,
    { password: secrets['player password'], fundPassword: secrets['fund password'] },
    { token: registered.data.token },
  );
  expect(fund.code).toBe(200);
  secrets['withdrawal card number'] = luhnCard();
  const bound = await call(
    app,
    withdrawals.addAccount,
    {
      type: 'bank',
      bankName: '招商银行',
      holder: '张小三',
      cardNumber: secrets['withdrawal card number'],
      branch: '深圳南山支行',
      fundPassword: secrets['fund password'],
    },
    { token: registered.data.token },
  );
  expect(bound.code, bound.msg).toBe(200);

  const operator = uniqueName('op');
  secrets['operator password'] = OPERATOR_PASSWORD;
  await opCall(
    app,
    operatorsAdmin.operatorCreate,
    { username: operator, password: OPERATOR_PASSWORD, role: 'admin' },
    {
      token: adminToken,
    },
  );
  const setup = await opCall(app, operatorsAdmin.login, { username: operator, password: OPERATOR_PASSWORD });
  const operatorSecret = String(setup.data.secret);
  secrets['authenticator secret'] = operatorSecret;
  const code = totpCode({ clock } as TestApp, operatorSecret);
  const done = await opCall(app, operatorsAdmin.totpConfirm, { setupToken: setup.data.setupToken, code });
  secrets['operator session'] = String(done.data.token);
  clock.advance(30_000);

  // A PEM's base64 lines: any one of them found in a file gives the key away.
  const walletPem = (await walletKeys(app.ctx)).privatePem;
  secrets['wallet signing key'] = walletPem.split('\n')[3] ?? '';
  const gatewaySecret = await sandboxSecret(app.ctx, '');
  secrets['sandbox gateway secret'] = gatewaySecret;
  return { secrets, operatorSecret, walletPem, gatewaySecret };
}

describe('data at rest', () => {
  let secrets: Record<string, string> = {};
  let app: FastifyInstance;
  let operatorSecret = '';
  let walletPem = '';
  let gatewaySecret = '';
  const umask = process.umask();

  beforeAll(async () => {
    process.umask(0o000); // a careless shell: the server must not depend on it
    const started = await startOnFolder();
    app = started.app;
    const { adminToken } = started;
    ({ secrets, operatorSecret, walletPem, gatewaySecret } = await makeSecrets(app, clock, adminToken));
    await app.close();
  });
  afterAll(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the data folder is private: folder 0700, every file 0600, the key files beside the database too', () => {
    const paths = walk(dir);
    expect(paths.some((p) => p.endsWith(SECRETS_KEY_FILE))).toBe(true);
    expect(loose(paths)).toEqual([]);
    figure('data at rest: folder modes', { 'paths checked': paths.length, 'looser than 0700/0600': 0 });
  });

  it('no secret can be read from the database files or the logs', () => {
    expect(Object.values(secrets).every((s) => s.length >= 6)).toBe(true);
    const files = databaseFiles();
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const [name, value] of Object.entries(secrets)) if (bytes.includes(value)) found.push(`${name} in ${file}`);
    }
    for (const [name, value] of Object.entries(secrets)) if (log.includes(value)) found.push(`${name} in the log`);
    expect(log.length).toBeGreaterThan(0);
    expect(found).toEqual([]);
    figure('data at rest: secrets', {
      'secrets searched': Object.keys(secrets).length,
      'database files read': files.length,
      'log lines read': log.split('\n').length,
      found: found.length,
    });
  });

  it("no row of the suite's database (PostgreSQL in its run) holds a secret, in any column", async () => {
    const t = await startTestApp({ adminToken: 'at-rest-admin-token', operatorWalletKey: undefined });
    try {
      const made = await makeSecrets(t.app, t.clock, 'at-rest-admin-token');
      const tables = await tableNames(t.db);
      const found: string[] = [];
      for (const [name, value] of Object.entries(made.secrets))
        for (const table of await tablesHolding(t.db, tables, value)) found.push(`${name} in ${table}`);
      expect(found).toEqual([]);
      figure('data at rest: rows', {
        database: t.app.ctx.database.kind,
        tables: tables.length,
        secrets: Object.keys(made.secrets).length,
        found: 0,
      });
    } finally {
      await t.close();
    }
  });

  it('secrets stored before sealing existed are sealed at the next start and still work', async () => {
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`UPDATE operators SET totp_secret = ${operatorSecret}`);
    await database.db.execute(sql`UPDATE server_keys SET private_pem = ${walletPem} WHERE name = 'operator-wallet'`);
    await database.db.execute(sql`UPDATE gateway_secrets SET secret = ${gatewaySecret}`);
    const card = secrets['withdrawal card number']!;
    await database.db.execute(
      sql`UPDATE withdrawal_accounts SET identifier = ${card}, identifier_hash = NULL, masked = NULL`,
    );
    await database.close();
    ({ app } = await startOnFolder());
    try {
      const [row] = await queryRows<{ totp: string; pem: string; gateway: string }>(
        app.ctx.db,
        sql`SELECT (SELECT totp_secret FROM operators) AS totp,
                   (SELECT private_pem FROM server_keys WHERE name = 'operator-wallet') AS pem,
                   (SELECT secret FROM gateway_secrets) AS gateway`,
      );
      for (const stored of [row?.totp, row?.pem, row?.gateway]) expect(stored).toMatch(/^sealed:v1:/);
      const [account] = await queryRows<{ identifier: string; hash: string | null; masked: string | null }>(
        app.ctx.db,
        sql`SELECT identifier, identifier_hash AS hash, masked FROM withdrawal_accounts`,
      );
      expect(account).toMatchObject({
        identifier: expect.stringMatching(/^sealed:v1:/),
        masked: `****${card.slice(-4)}`,
      });
      expect(account?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect((await walletKeys(app.ctx)).privatePem).toBe(walletPem);
      expect(await sandboxSecret(app.ctx, '')).toBe(gatewaySecret);
      const [operator] = await queryRows<{ username: string }>(app.ctx.db, sql`SELECT username FROM operators`);
      const again = await opCall(app, operatorsAdmin.login, {
        username: operator!.username,
        password: OPERATOR_PASSWORD,
        code: totpCode({ clock } as TestApp, operatorSecret),
      });
      expect(again.code).toBe(200);
      const accounts = await call(app, withdrawals.accounts, {}, { token: secrets['session token'] });
      expect(accounts.data.list).toMatchObject([{ masked: `****${card.slice(-4)}` }]);
    } finally {
      await app.close();
    }
  });

  it('a start with another sealing key is refused, naming the key it needs; the folder stays usable', async () => {
    const wrong = buildApp({ database: await openDatabase({ dataDir: dir }), secretsKey: randomBytes(32) });
    await expect(wrong).rejects.toBeInstanceOf(SecretsKeyMismatch);
    await expect(wrong).rejects.toThrow(/SECRETS_KEY/);
    // The refused start closed the database and released the folder.
    ({ app } = await startOnFolder());
    await app.close();
  });

  it('one process per PGlite folder: a second server on the same folder refuses to start, naming the holder', async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVER], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' },
      });
      // Were the lock ever to let it in, it must not outlive the test.
      const stop = setTimeout(() => child.kill('SIGKILL'), 25_000);
      const second = await new Promise<{ code: number | null; out: string }>((resolve) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('close', (code) => resolve({ code, out }));
      });
      clearTimeout(stop);
      expect(second.code).toBe(1);
      expect(second.out).toContain(`in use by process ${process.pid}`);
      figure('data at rest: one process per folder', { 'second server': 'refused', 'exit code': second.code ?? -1 });
    } finally {
      await database.close();
    }
  }, 30_000);

  it('money is on disk when acknowledged: fsync on, synchronous commits, on PGlite and on the PostgreSQL server', async () => {
    const settings = async (db: Parameters<typeof queryRows>[0]) => ({
      fsync: (await queryRows<{ fsync: string }>(db, sql`SHOW fsync`))[0]?.fsync,
      synchronous_commit: (await queryRows<{ synchronous_commit: string }>(db, sql`SHOW synchronous_commit`))[0]
        ?.synchronous_commit,
    });
    const embedded = await openDatabase({ dataDir: dir });
    const [method] = await queryRows<{ wal_sync_method: string }>(embedded.db, sql`SHOW wal_sync_method`);
    const onPglite = await settings(embedded.db);
    await embedded.close();
    expect(onPglite).toEqual({ fsync: 'on', synchronous_commit: 'on' });
    expect(method?.wal_sync_method).toBe('fsync');

    let onServer = 'no PostgreSQL in this run';
    if (TEST_SERVER_URL) {
      const fresh = await freshDatabase();
      const server = await fresh.open();
      try {
        // The server's connections ask for synchronous commits even where the server default is off.
        await server.db.execute(
          sql`ALTER DATABASE ${sql.identifier(new URL(fresh.url!).pathname.slice(1))} SET synchronous_commit = off`,
        );
        await server.close();
        const reopened = await fresh.open();
        expect(await settings(reopened.db)).toEqual({ fsync: 'on', synchronous_commit: 'on' });
        await reopened.close();
        onServer = 'on';
      } finally {
        await fresh.drop();
      }
    }
    figure('data at rest: durability', { 'PGlite fsync': 'on', 'PostgreSQL synchronous commits': onServer });
  });
});
