import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth } from '@breakshot/contracts';
import { users } from '../../src/modules/auth/tables.js';
import { SESSION_TTL_MS } from '../../src/platform/sessions.js';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';

describe('user/info, logout and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('user/info returns the contract fields', async () => {
    const name = uniqueName();
    const token = await registerUser(t.app, name);
    await t.db.update(users).set({ mobile: '13800138000' }).where(eq(users.username, name));
    const res = await call(t.app, auth.userInfo, {}, { token });
    expect(res).toEqual({
      code: 200,
      msg: 'ok',
      data: {
        id: expect.any(Number),
        username: name,
        nickname: name,
        avatar: '',
        balance: 0,
        frozen: 0,
        vipLevel: 0,
        mobile: '138****8000',
        inviteCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
        hasFundPassword: false,
        createdAt: t.clock.now().toISOString(),
        sex: 'unspecified',
        birthday: null,
      },
    });
  });

  it('balance and frozen come from the cash account', async () => {
    const name = uniqueName();
    const token = await registerUser(t.app, name);
    const [user] = await t.db.select().from(users).where(eq(users.username, name));
    await t.db.execute(
      sql`UPDATE accounts SET credits_posted = 10000, debits_posted = 2500, debits_pending = 1500 WHERE owner_id = ${user?.id}`,
    );
    const res = await call(t.app, auth.userInfo, {}, { token });
    expect(res.data).toMatchObject({ balance: 6000, frozen: 1500 });
  });

  it('players calling user/info at once, read together, each get their own row and balance', async () => {
    const names = [uniqueName(), uniqueName(), uniqueName()];
    const tokens = await Promise.all(names.map((name) => registerUser(t.app, name)));
    await t.db.execute(
      sql`UPDATE accounts SET credits_posted = 700 FROM users WHERE owner_id = users.id AND username = ${names[1]}`,
    );
    const answers = await Promise.all([0, 1, 2, 1].map((i) => call(t.app, auth.userInfo, {}, { token: tokens[i]! })));
    expect(answers.map((a) => a.data)).toMatchObject([
      { username: names[0], balance: 0 },
      { username: names[1], balance: 700 },
      { username: names[2], balance: 0 },
      { username: names[1], balance: 700 },
    ]);
  });

  it('a cash account cannot be overdrawn, whatever the code does', async () => {
    const name = uniqueName();
    await registerUser(t.app, name);
    const [user] = await t.db.select().from(users).where(eq(users.username, name));
    await expect(
      t.db.execute(sql`UPDATE accounts SET debits_posted = 1 WHERE owner_id = ${user?.id}`),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it.each([
    ['no token header', undefined],
    ['the string false', 'false'],
    ['an unknown token', 'x'.repeat(43)],
  ])('%s → 401', async (_label, token) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v9/user/info',
      payload: {},
      headers: token ? { token } : {},
    });
    expect(res.json()).toEqual({ code: 401, msg: '请先登录', data: null });
  });

  it('an expired session → 401', async () => {
    const token = await registerUser(t.app);
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(200);
    t.clock.advance(1000);
    expect(await call(t.app, auth.userInfo, {}, { token, lang: 'en' })).toEqual({
      code: 401,
      msg: 'Your session has expired, please log in again',
      data: null,
    });
  });

  it('logout revokes the session: the token → 401 afterwards; other sessions live on', async () => {
    const name = uniqueName();
    const token = await registerUser(t.app, name);
    const other = await registerUser(t.app);
    expect(await call(t.app, auth.userLogout, {}, { token })).toEqual({ code: 200, msg: 'ok', data: {} });
    expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(401);
    expect((await call(t.app, auth.userLogout, {}, { token })).code).toBe(401);
    expect((await call(t.app, auth.userInfo, {}, { token: other })).code).toBe(200);
  });

  it('calls without a body count as {}; unknown keys are refused', async () => {
    const token = await registerUser(t.app);
    const bare = await t.app.inject({ method: 'POST', url: '/api/v9/user/info', headers: { token } });
    expect(bare.json()).toMatchObject({ code: 200 });
    const extra = await call(t.app, auth.userInfo, { userId: 1 }, { token });
    expect(extra).toEqual({ code: 400, msg: 'userId: 包含未知字段', data: { field: 'userId' } });
  });

  it('getWss returns a one-use token', async () => {
    const token = await registerUser(t.app);
    const res = await call(t.app, auth.getWss, {}, { token });
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call(t.app, auth.getWss, {})).code).toBe(401);
  });
});
