import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth } from '@breakshot/contracts';
import { buildApp } from '../../src/app.js';
import { inTransaction } from '../../src/platform/db.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { call, FAST_HASHING, registerUser, TEST_CAPTCHA, TEST_SECRETS_KEY } from '../helpers/test-app.js';
import { freshDatabase, LOCAL_PG_URL, pgAnswers, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);

/** Instances share one PostgreSQL and nothing else; NOTIFY carries the events. */
describe.skipIf(!pgUp)('two server instances on one PostgreSQL', () => {
  let fresh: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;

  beforeAll(async () => {
    fresh = await freshDatabase(serverUrl, { empty: true });
    const options = { captchaTestCode: TEST_CAPTCHA, passwordHashing: FAST_HASHING, secretsKey: TEST_SECRETS_KEY };
    // Started together: the advisory lock lets one migrate and seed while the other waits.
    [a, b] = await Promise.all([
      buildApp({ database: await fresh.open(), ...options }),
      buildApp({ database: await fresh.open(), ...options }),
    ]);
    baseB = await listenLocal(b);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fresh?.drop();
  });

  it('an event published on A reaches the user’s socket on B', async () => {
    const session = await registerUser(a);
    const { data } = await call(a, auth.userInfo, {}, { token: session });
    const live = await openLive(baseB, await getWssToken(a, session));
    await waitForSockets(b, data.id, 1);
    await a.ctx.live.notifyUser(data.id, { type: 'BALANCE_UPDATED', balance: 500 });
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 500 });
    live.socket.close(1000);
  });

  it('logout on A closes the session’s socket on B, and B refuses its token', async () => {
    const session = await registerUser(b);
    const { data } = await call(b, auth.userInfo, {}, { token: session });
    const live = await openLive(baseB, await getWssToken(b, session));
    await waitForSockets(b, data.id, 1);
    await call(a, auth.userLogout, {}, { token: session });
    expect(await live.closed).toEqual({ code: 4000, reason: 'logged out' });
    // B had the session in its cache (the user/info above): it no longer takes the token.
    expect((await call(b, auth.userInfo, {}, { token: session })).code).toBe(401);
  });

  it('an event sent inside a rolled-back transaction is never delivered', async () => {
    const session = await registerUser(a);
    const { data } = await call(a, auth.userInfo, {}, { token: session });
    const live = await openLive(baseB, await getWssToken(a, session));
    await waitForSockets(b, data.id, 1);
    await expect(
      inTransaction(a.ctx.db, async (tx) => {
        await a.ctx.live.notifyUser(data.id, { type: 'BALANCE_UPDATED', balance: 1 }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await a.ctx.live.notifyUser(data.id, { type: 'BALANCE_UPDATED', balance: 2 });
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 2 });
    live.socket.close(1000);
  });
});
