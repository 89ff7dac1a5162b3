import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { agent, API_PREFIX, auth, playersAdmin } from '@breakshot/contracts';
import { AGENT_PASSWORD_LOCK } from '../../src/modules/agents/passwords.js';
import { queryRows } from '../../src/platform/db.js';
import { RECHARGE_PASSWORD } from '../helpers/agent-money.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { openLive } from '../helpers/live-client.js';
import { PASSWORD, startTestApp, TEST_CAPTCHA, uniqueName } from '../helpers/test-app.js';
import { crashDatabase, type CrashDatabase } from '../trust/crash/database.js';
import { Api } from '../trust/crash/http.js';
import { freePort, ServerProcess } from '../trust/crash/server-process.js';
import { must } from '../trust/crash/setup.js';
import { sleep } from '../trust/crash/sleep.js';

/*
 * SIGTERM to a real server process (src/server.ts) drains it: readiness answers 503 at once, the
 * listener closes, the request in flight is answered, then the live socket closes with 1001 (the
 * client reconnects elsewhere) and the process exits 0.
 */

/** A raw connection: what it has received so far, and whether the server ended it. */
function rawConnection(port: number): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, ended }));
  });
}

/** Whether a new connection to the port is refused (the listener is closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** Starts real server processes, each on a crash database of its own; all stopped and removed after the describe. */
function serverProcesses() {
  const started: { database: CrashDatabase; server: ServerProcess }[] = [];
  afterAll(async () => {
    for (const { database, server } of started) {
      server.forceKill();
      await database.dispose();
    }
  });
  return async () => {
    const database = await crashDatabase();
    const port = await freePort();
    const server = new ServerProcess(port, {
      ...database.env,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ADMIN_TOKEN: ADMIN_TEST_TOKEN,
      DEMO: '0',
      LOG_LEVEL: 'warn',
    });
    started.push({ database, server });
    await server.start();
    return { database, server, port };
  };
}

describe('graceful shutdown of a server process', () => {
  const startServer = serverProcesses();

  it(
    'SIGTERM: readiness 503, no new connections, the request in flight answered, then the live socket closed with 1001, exit 0',
    { timeout: 90_000 },
    async () => {
      const { server, port } = await startServer();
      const api = new Api(port, '');
      const username = uniqueName('gs');
      const { captchaId } = must('captcha', await api.player(auth.captchaGetCode, {}));
      const { token } = must(
        'register',
        await api.player(auth.register, { username, password: PASSWORD, captchaId, captchaCode: TEST_CAPTCHA }),
      );
      const ticket = must('getWss', await api.player(auth.getWss, {}, { token }));
      const live = await openLive(`ws://127.0.0.1:${port}`, ticket.token);
      let liveClosed = false;
      void live.closed.then(() => (liveClosed = true));

      // In flight: user/info whose body has not all arrived. And a readiness probe begun (its
      // headers unfinished), so its connection is busy and stays open through the drain.
      const inFlight = await rawConnection(port);
      inFlight.socket.write(
        `POST ${API_PREFIX}${auth.userInfo.path} HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\n` +
          'content-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{',
      );
      const probe = await rawConnection(port);
      probe.socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n');
      await sleep(200);

      const exited = server.stop();
      // The listener closes once the drain has begun.
      for (let i = 0; i < 250 && !(await refused(port)); i += 1) await sleep(20);
      expect(await refused(port)).toBe(true);

      probe.socket.write('connection: close\r\n\r\n');
      await probe.ended;
      expect(probe.received()).toMatch(/^HTTP\/1\.1 503 /);
      expect(probe.received()).toContain('{"status":"draining"}');

      // The request in flight holds the live sockets open: they close only once it is answered.
      await sleep(300);
      expect(liveClosed).toBe(false);
      inFlight.socket.write('}');
      await inFlight.ended;
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(inFlight.received()).toContain(`"username":"${username}"`);

      expect(await live.closed).toEqual({ code: 1001, reason: 'server stopping' });
      expect(await exited).toBe(0);
    },
  );
});

/*
 * A client that leaves while its request is still being worked on does not end the wait: the
 * handler finishes, its later transactions included, before the database closes. The agent
 * transfer checks the recharge password in one transaction and moves the money in the next; the
 * test holds the password check's lock (on a connection of its own: PostgreSQL only) until the
 * client has given up and SIGTERM has come.
 */
describe.skipIf(!TEST_SERVER_URL)('graceful shutdown with a request whose client left', () => {
  const startServer = serverProcesses();

  it(
    'SIGTERM: the agent transfer its client gave up on still completes before the process exits',
    { timeout: 90_000 },
    async () => {
      const { database, server, port } = await startServer();
      const api = new Api(port, '');
      const register = async (inviteCode?: string) => {
        const username = uniqueName('gs');
        const { captchaId } = must('captcha', await api.player(auth.captchaGetCode, {}));
        const body = {
          username,
          password: PASSWORD,
          captchaId,
          captchaCode: TEST_CAPTCHA,
          ...(inviteCode ? { inviteCode } : {}),
        };
        const { token } = must('register', await api.player(auth.register, body));
        const info = must('userInfo', await api.player(auth.userInfo, {}, { token }));
        return { username, token, id: info.id, inviteCode: info.inviteCode };
      };
      const owner = await register();
      const member = await register(owner.inviteCode);
      const password = { loginPassword: PASSWORD, newPassword: RECHARGE_PASSWORD };
      must('recharge password', await api.player(agent.agentRechargePasswordSet, password, { token: owner.token }));
      const funds = { username: owner.username, amount: 50_000, reason: 'shutdown test', requestId: randomUUID() };
      must('fund', await api.operator(playersAdmin.balanceAdjust, funds));

      const lock = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await lock.connect();
      try {
        await lock.query('BEGIN');
        await lock.query('SELECT pg_advisory_xact_lock($1, $2::int)', [AGENT_PASSWORD_LOCK, owner.id]);
        const body = {
          memberId: member.id,
          amount: 20_000,
          rechargePassword: RECHARGE_PASSWORD,
          requestId: randomUUID(),
        };
        const sent = await api.player(agent.agentTransfer, body, { token: owner.token }, { giveUpAfterMs: 300 });
        expect(sent).toMatchObject({ kind: 'cut', by: 'gave up' });
        const exited = server.stop();
        await sleep(500);
        await lock.query('COMMIT');
        expect(await exited).toBe(0);
      } finally {
        await lock.end();
      }
      const db = await database.open();
      try {
        const rows = await queryRows<{ n: number }>(
          db.db,
          sql`SELECT count(*)::int AS n FROM agent_transfers WHERE agent_id = ${owner.id} AND member_id = ${member.id}`,
        );
        expect(rows[0]?.n).toBe(1);
      } finally {
        await db.close();
      }
    },
  );
});

describe('liveness and readiness', () => {
  it('/livez answers without the database; /readyz and /healthz turn 503 when draining', async () => {
    const t = await startTestApp({ scheduler: false });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return [res.statusCode, res.json<{ status: string }>().status];
    };
    expect(await get('/livez')).toEqual([200, 'ok']);
    expect(await get('/readyz')).toEqual([200, 'ok']);
    expect(await get('/healthz')).toEqual([200, 'ok']);
    t.app.startDraining();
    expect(await get('/readyz')).toEqual([503, 'draining']);
    expect(await get('/healthz')).toEqual([503, 'draining']);
    expect(await get('/livez')).toEqual([200, 'ok']);
    await t.close();
  });
});
