import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentReports, auth, depositFeeAndBonus, report, reportAdmin } from '@breakshot/contracts';
import { agentTeamsReport } from '../../src/modules/report/agents.js';
import { pnlReport } from '../../src/modules/report/pnl.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { loadConfig } from '../../src/platform/config.js';
import { openDatabase, queryRows } from '../../src/platform/db.js';
import { withSetupLock } from '../../src/platform/migrate.js';
import { addDays, localDate, localDayStart } from '../../src/platform/time-range.js';
import { newPlayerUnder } from '../helpers/agent-money.js';
import { makeAgent } from '../helpers/agent-team.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, startAppOn, type TestApp } from '../helpers/test-app.js';
import {
  admin,
  freshDatabase,
  LOCAL_PG_URL,
  pgAnswers,
  TEST_SERVER_URL,
  type TestDatabase,
} from '../helpers/test-db.js';

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);

/** The settings server.ts reads, as an operator would set them. */
const POOL_MAX = 3;
const TIMEOUT_MS = 1_000;

describe('database settings from the environment', () => {
  it('DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS: defaults, and a clear error for a bad value', () => {
    expect(loadConfig({})).toMatchObject({ dbPoolMax: 10, dbStatementTimeoutMs: 30_000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
    for (const bad of ['0', '-2', '2.5', 'ten'])
      expect(() => loadConfig({ DB_POOL_MAX: bad })).toThrow(
        `DB_POOL_MAX must be a whole number of at least 1, not ${bad}`,
      );
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/db' })).toThrow(
      'DATABASE_REPLICA_URL needs DATABASE_URL',
    );
  });
});

/** A PostgreSQL error's code, under Drizzle's wrapper (docs/stack.md pitfall 5). */
const pgCode = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the statement to fail'),
    (err: unknown) => err,
  );
}

describe.skipIf(!pgUp)('report reads on a replica; pool size and statement timeout', () => {
  let primary: TestDatabase;
  let replicaName: string;
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof newPlayerUnder>>;
  let member: Awaited<ReturnType<typeof newPlayerUnder>>;

  let credited = 0;

  /** A sandbox deposit of the member's; what it credits (the amount and the channel's bonus) adds to `credited`. */
  async function deposit(amount: number): Promise<void> {
    const channel = await channelOf(t.app, member.token, 'sandbox');
    const order = await startPay(t.app, member.token, channel.id, amount);
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount })).statusCode).toBe(200);
    credited += amount + depositFeeAndBonus(amount, channel).bonus;
  }

  beforeAll(async () => {
    // The primary's history: an agent, a member under it, a deposit of 1,000.00.
    primary = await freshDatabase(serverUrl);
    t = await startAppOn(await openDatabase({ url: primary.url }), { scheduler: false });
    agent = await newPlayerUnder(t);
    await makeAgent(t, agent.userId);
    member = await newPlayerUnder(t, agent.inviteCode);
    await deposit(100_000);
    await t.close();

    // The "replica": a copy of the primary as it stands now (a template must have no connection).
    replicaName = `bs_t_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, `CREATE DATABASE ${replicaName} TEMPLATE ${new URL(primary.url!).pathname.slice(1)}`);
    const replicaUrl = new URL(primary.url!);
    replicaUrl.pathname = `/${replicaName}`;

    // Reopened as server.ts opens it, from the environment.
    const config = loadConfig({
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: replicaUrl.toString(),
      DB_POOL_MAX: String(POOL_MAX),
      DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    t = await startAppOn(
      await openDatabase({
        url: config.databaseUrl,
        replicaUrl: config.databaseReplicaUrl,
        poolMax: config.dbPoolMax,
        statementTimeoutMs: config.dbStatementTimeoutMs,
      }),
      { scheduler: false },
    );
    // Then the primary moves on: another 500.00 and a second member; the copy has neither.
    await deposit(50_000);
    await newPlayerUnder(t, agent.inviteCode);
  });
  afterAll(async () => {
    await t?.close();
    if (replicaName) await admin(serverUrl, `DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`);
    await primary?.drop();
  });

  it('the player report answers from the replica, the balance from the primary', async () => {
    const now = t.clock.now();
    const range = { from: new Date(now.getTime() - 86_400_000).toISOString(), to: now.toISOString() };
    const mine = await call(t.app, report.personalReport, range, { token: member.token });
    expect(mine.code).toBe(200);
    expect(mine.data.totals.deposits).toBe(100_000);
    // Both deposits with their bonuses: the primary's balance.
    const info = await call(t.app, auth.userInfo, {}, { token: member.token });
    expect(info.data.balance).toBe(credited);
  });

  it('the agent report answers from the replica, closed days included (the day cache is not written there)', async () => {
    const today = localDate(t.clock.now(), (await getSysConfig(t.db)).timeZone);
    const body = { kind: 'team', from: addDays(today, -6), to: today };
    const res = await call(t.app, agentReports.agentReport, body, { token: agent.token });
    expect(res.code).toBe(200);
    // One member registered in the copy; the second exists on the primary only.
    expect(res.data.summary.registrations).toBe(1);
    const [cached] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM agent_team_days`);
    expect(cached?.n).toBe(0);
  });

  it('the profit and loss and the agents report read closed days live on the replica, caching none', async () => {
    const { timeZone } = await getSysConfig(t.db);
    const today = localDate(t.clock.now(), timeZone);
    const range = reportAdmin.pnlReport.request.parse({
      from: localDayStart(addDays(today, -6), timeZone).toISOString(),
      to: localDayStart(addDays(today, 1), timeZone).toISOString(),
    });
    // A cache write through the replica's read-only sessions would fail the read.
    const pnl = await pnlReport(t.app.ctx.readDb, range, t.clock.now());
    expect(pnl.list).toHaveLength(7);
    await agentTeamsReport(
      t.app.ctx.readDb,
      reportAdmin.agentTeamsReport.request.parse({ from: range.from, to: range.to }),
      t.clock.now(),
    );
    const [marks] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM report_bet_days_closed) + (SELECT count(*) FROM report_credit_days_closed) AS n`,
    );
    expect(Number(marks?.n)).toBe(0);
  });

  it('a write through the replica pool is refused: its sessions are read-only', async () => {
    const err = await failure(t.app.ctx.readDb.execute(sql`UPDATE site_config SET updated_at = now()`));
    expect(pgCode(err)).toBe('25006');
  });

  it('a statement past DB_STATEMENT_TIMEOUT_MS fails, on both pools', async () => {
    for (const db of [t.app.ctx.db, t.app.ctx.readDb]) {
      const started = Date.now();
      const err = await failure(db.execute(sql`SELECT pg_sleep(5)`));
      expect(pgCode(err)).toBe('57014');
      expect((err as { cause: Error }).cause.message).toContain('statement timeout');
      expect(Date.now() - started).toBeLessThan(4_000);
    }
    const [row] = await queryRows<{ idle: string }>(
      t.db,
      sql`SELECT current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(row?.idle).toBe('1min');
  });

  it('a request whose statement times out answers the internal-error envelope', async () => {
    const locker = new pg.Client({ connectionString: primary.url });
    await locker.connect();
    try {
      // Another session holds the players' table: user/info's read waits until the timeout.
      await locker.query('BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const res = await call(t.app, auth.userInfo, {}, { token: agent.token, lang: 'en' });
      expect(res).toMatchObject({ code: 500, data: null });
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await call(t.app, auth.userInfo, {}, { token: agent.token })).code).toBe(200);
  });

  it('the pool opens at most DB_POOL_MAX connections', async () => {
    const pids = await Promise.all(
      Array.from({ length: POOL_MAX * 3 }, () =>
        queryRows<{ pid: number }>(t.db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`),
      ),
    );
    expect(new Set(pids.map(([row]) => row!.pid)).size).toBe(POOL_MAX);
  });

  it('setup (migrations) runs without the timeout, and the connection gets it back after', async () => {
    await withSetupLock(t.app.ctx.database, (conn) => conn.exec(`SELECT pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`));
    // Every connection of the pool at once, the setup one among them: each has the timeout again.
    const runs = await Promise.allSettled(
      Array.from({ length: POOL_MAX }, () => t.db.execute(sql`SELECT pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`)),
    );
    expect(runs.map((r) => r.status === 'rejected' && pgCode(r.reason))).toEqual(Array(POOL_MAX).fill('57014'));
  });
});
