import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/platform/db.js';
import { LOCK_WINDOW_MS } from '../../src/modules/auth/lockout.js';
import { countRows } from '../helpers/counts.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function login(username: string, password: string, lang?: string) {
    const body = { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA };
    return call(t.app, auth.login, body, lang ? { lang } : {});
  }

  it('returns a new session token for the right password (username in any case)', async () => {
    const name = uniqueName();
    await registerUser(t.app, name);
    const res = await login(name.toUpperCase(), PASSWORD);
    expect(res.code).toBe(200);
    const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
    expect(info.data.username).toBe(name);
  });

  it('a wrong password or unknown user → 400 loginFailed', async () => {
    const name = uniqueName();
    await registerUser(t.app, name);
    expect(await login(name, 'wrong1234')).toEqual({ code: 400, msg: '用户名或密码错误', data: null });
    expect(await login(uniqueName('ghost'), PASSWORD, 'en')).toEqual({
      code: 400,
      msg: 'Wrong username or password',
      data: null,
    });
  });

  it('checks the captcha first and uses it up', async () => {
    const name = uniqueName();
    await registerUser(t.app, name);
    const id = await captchaId(t.app);
    const wrong = await call(t.app, auth.login, {
      username: name,
      password: PASSWORD,
      captchaId: id,
      captchaCode: 'NO',
    });
    expect(wrong).toMatchObject({ code: 400, data: { field: 'captchaCode' } });
    const reused = await call(t.app, auth.login, {
      username: name,
      password: PASSWORD,
      captchaId: id,
      captchaCode: TEST_CAPTCHA,
    });
    expect(reused).toMatchObject({ code: 400, msg: '验证码已失效，请刷新' });
  });

  it('five wrong passwords in 15 minutes lock the username, even against the right password', async () => {
    const name = uniqueName('lock');
    await registerUser(t.app, name);
    for (let i = 0; i < 4; i += 1) expect((await login(name, 'wrong1234')).code).toBe(400);
    const fifth = await login(name, 'wrong1234');
    expect(fifth).toMatchObject({ code: 429, data: { retryAfter: 900 } });
    expect(fifth.msg).toBe('密码错误次数过多，请 15 分钟后再试');

    t.clock.advance(5 * 60 * 1000);
    const right = await login(name, PASSWORD, 'en');
    expect(right).toEqual({
      code: 429,
      msg: 'Too many wrong passwords, try again in 10 minutes',
      data: { retryAfter: 600 },
    });

    t.clock.advance(LOCK_WINDOW_MS);
    expect((await login(name, PASSWORD)).code).toBe(200);
  });

  it('another spelling of a locked name (İ, case, full-width) is the same lockout, never a way in', async () => {
    const name = uniqueName('lockime');
    await registerUser(t.app, name);
    for (let i = 0; i < 5; i += 1) await login(name, 'wrong1234');
    expect((await login(name, PASSWORD)).code).toBe(429);
    // JS and SQL lower-case İ differently; before, this spelling found the account and got in.
    const dotted = name.replace('i', 'İ');
    expect((await login(dotted, PASSWORD)).code).not.toBe(200);
    expect((await login(name.toUpperCase(), PASSWORD)).code).toBe(429);
    const fullWidth = name.replace(/[a-z]/, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect((await login(fullWidth, PASSWORD)).code).toBe(429);
  });

  it('ten concurrent wrong attempts check five passwords; the sixth on is refused unchecked', async () => {
    const name = uniqueName('race');
    await registerUser(t.app, name);
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async () => ({
        username: name,
        password: 'wrong1234',
        captchaId: await captchaId(t.app),
        captchaCode: TEST_CAPTCHA,
      })),
    );
    const codes = (await Promise.all(bodies.map((b) => call(t.app, auth.login, b)))).map((r) => r.code).sort();
    expect(codes).toEqual([...Array(4).fill(400), ...Array(6).fill(429)]);
    // Before, every attempt had its password checked and counted (10 rows), so a right one in the
    // same burst got in.
    const [failures] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM login_failures f JOIN users u ON f.username = '#' || u.id WHERE u.username = ${name}`,
    );
    expect(failures?.n).toBe(5);
    expect((await login(name, PASSWORD)).code).toBe(429);
  });

  it('a success clears earlier failures', async () => {
    const name = uniqueName('clr');
    await registerUser(t.app, name);
    for (let i = 0; i < 4; i += 1) await login(name, 'wrong1234');
    expect((await login(name, PASSWORD)).code).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(name, 'wrong1234')).code).toBe(400);
  });

  it.each([
    ['username', { username: undefined }, '用户名: 必填'],
    ['username', { username: 'x'.repeat(33) }, '用户名: 过长'],
    ['username', { username: 7 }, '用户名: 格式不正确'],
    ['password', { password: '' }, '密码: 必填'],
    ['password', { password: 'x'.repeat(65) }, '密码: 过长'],
    ['password', { password: null }, '密码: 格式不正确'],
    ['captchaId', { captchaId: undefined }, '验证码编号: 必填'],
    ['captchaCode', { captchaCode: {} }, '验证码: 格式不正确'],
    ['remember', { remember: true }, 'remember: 包含未知字段'],
  ])('bad %s → 400 naming the field, no session written', async (field, override, msg) => {
    const before = await countRows(t.db, 'sessions');
    const input: Record<string, unknown> = {
      username: 'someone1',
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
      ...override,
    };
    for (const [key, value] of Object.entries(override)) if (value === undefined) delete input[key];
    expect(await call(t.app, auth.login, input)).toEqual({ code: 400, msg, data: { field } });
    expect(await countRows(t.db, 'sessions')).toBe(before);
  });
});
