import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { TICKET_TTL_MS } from '../../src/platform/live/tickets.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { call, PASSWORD, registerUser, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';

describe('live connection', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await listenLocal(t.app);
  });
  afterAll(() => t.close());

  async function player() {
    const session = await registerUser(t.app);
    const info = await call(t.app, auth.userInfo, {}, { token: session });
    return { session, userId: info.data.id };
  }

  it('answers each ping with pong, and ignores other messages', async () => {
    const { session } = await player();
    const live = await openLive(base, await getWssToken(t.app, session));
    live.socket.send('not json');
    live.socket.send(JSON.stringify({ type: 'hello' }));
    live.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    expect(await live.next()).toBe('pong');
    live.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    expect(await live.next()).toBe('pong');
    live.socket.close(1000);
  });

  it('refuses a missing, unknown, used or expired token', async () => {
    const { session } = await player();
    await expect(openLive(base, '')).rejects.toThrow(/401/);
    await expect(openLive(base, 'x'.repeat(43))).rejects.toThrow(/401/);
    const ticket = await getWssToken(t.app, session);
    const first = await openLive(base, ticket);
    await expect(openLive(base, ticket)).rejects.toThrow(/401/);
    first.socket.close(1000);
    const late = await getWssToken(t.app, session);
    t.clock.advance(TICKET_TTL_MS + 1);
    await expect(openLive(base, late)).rejects.toThrow(/401/);
  });

  it('a ticket of a logged-out session is refused', async () => {
    const { session } = await player();
    const ticket = await getWssToken(t.app, session);
    await call(t.app, auth.userLogout, {}, { token: session });
    await expect(openLive(base, ticket)).rejects.toThrow(/401/);
  });

  it('notifyUser delivers BALANCE_UPDATED to every socket of that user only', async () => {
    const a = await player();
    const b = await player();
    const a1 = await openLive(base, await getWssToken(t.app, a.session));
    const a2 = await openLive(base, await getWssToken(t.app, a.session));
    const b1 = await openLive(base, await getWssToken(t.app, b.session));
    await t.app.ctx.live.notifyUser(a.userId, { type: 'BALANCE_UPDATED', balance: 12_345 });
    expect(JSON.parse(await a1.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 12_345 });
    expect(JSON.parse(await a2.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 12_345 });
    b1.socket.send(JSON.stringify({ type: 'ping', ts: 1 }));
    expect(await b1.next()).toBe('pong');
    for (const c of [a1, a2, b1]) c.socket.close(1000);
  });

  it('the events of a transaction are published once it commits, in the order it sent them', async () => {
    const { session, userId } = await player();
    const live = await openLive(base, await getWssToken(t.app, session));
    await inTransaction(t.app.ctx.db, async (tx) => {
      await t.app.ctx.live.notifyUser(userId, { type: 'BALANCE_UPDATED', balance: 1 }, tx);
      await t.app.ctx.live.notifyUser(userId, { type: 'BET_SETTLED', betNo: 'B1', gameType: 'taiqiu' }, tx);
      await t.app.ctx.live.notifyUser(userId, { type: 'BALANCE_UPDATED', balance: 2 }, tx);
    });
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 1 });
    expect(JSON.parse(await live.next())).toEqual({ type: 'BET_SETTLED', betNo: 'B1', gameType: 'taiqiu' });
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 2 });
    live.socket.close(1000);
  });

  it('logout closes that session’s sockets with 4000, not the user’s other sessions', async () => {
    const { session, userId } = await player();
    const other = await call(t.app, auth.login, {
      username: (await call(t.app, auth.userInfo, {}, { token: session })).data.username,
      password: PASSWORD,
      captchaId: (await call(t.app, auth.captchaGetCode)).data.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    const mine = await openLive(base, await getWssToken(t.app, session));
    const theirs = await openLive(base, await getWssToken(t.app, other.data.token));
    await waitForSockets(t.app, userId, 2);
    await call(t.app, auth.userLogout, {}, { token: session });
    expect(await mine.closed).toEqual({ code: 4000, reason: 'logged out' });
    await waitForSockets(t.app, userId, 1);
    theirs.socket.send(JSON.stringify({ type: 'ping', ts: 1 }));
    expect(await theirs.next()).toBe('pong');
    theirs.socket.close(1000);
  });
});
