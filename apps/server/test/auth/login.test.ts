import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, inbox } from '@breakshot/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/platform/db.js';
import { LOCK_WINDOW_MS } from '../../src/modules/auth/lockout.js';
import { ATTACK_AT } from '../../src/modules/auth/step-up.js';
import { TEST_POW_BASE } from '../../src/platform/proof-of-work.js';
import { countRows } from '../helpers/counts.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  solvedPow,
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

  const HOME = '203.0.113.7';
  let clients = 0;
  /** An address of its own: a client that has not tried before. */
  const newIp = () => `198.51.100.${(clients += 1)}`;

  /** A login from `ip` (HOME by default) without a proof of work. */
  async function login(username: string, password: string, options: { lang?: string; ip?: string } = {}) {
    const body = { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA };
    return call(t.app, auth.login, body, { ip: HOME, ...options });
  }

  /**
   * A login as the app makes it: without a proof of work, and when refused for one (its captcha
   * kept), again with a solved challenge.
   */
  async function loginStepUp(username: string, password: string, ip = HOME) {
    const body = { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA };
    const first = await call(t.app, auth.login, body, { ip });
    if (first.data?.step !== 'pow') return { ...first, stepUp: false };
    const pow = await solvedPow(t.app, 'login', { username, ip });
    return { ...(await call(t.app, auth.login, { ...body, pow }, { ip })), stepUp: true };
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
    expect(await login(uniqueName('ghost'), PASSWORD, { lang: 'en' })).toEqual({
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

  it(`after ${ATTACK_AT} failures on an account every attempt on it needs a proof of work, from any client`, async () => {
    const name = uniqueName('atk');
    await registerUser(t.app, name);
    for (let i = 0; i < ATTACK_AT; i += 1) expect((await login(name, 'wrong1234')).code).toBe(400);
    for (const ip of [HOME, newIp()]) {
      expect(await login(name, 'wrong1234', { ip })).toEqual({
        code: 403,
        msg: '请先完成安全验证',
        data: { step: 'pow' },
      });
      expect(await login(name, PASSWORD, { ip })).toMatchObject({ code: 403, data: { step: 'pow' } });
    }
    // Unknown names behave alike, so the answer does not tell which names exist.
    const ghost = uniqueName('ghost');
    for (let i = 0; i < ATTACK_AT; i += 1) expect((await login(ghost, 'wrong1234')).code).toBe(400);
    expect(await login(ghost, 'wrong1234', { ip: newIp() })).toMatchObject({ code: 403, data: { step: 'pow' } });
  });

  it('five wrong passwords lock the client that made them for 15 minutes, even against the right password', async () => {
    const name = uniqueName('lock');
    await registerUser(t.app, name);
    for (let i = 0; i < 4; i += 1) expect((await loginStepUp(name, 'wrong1234')).code).toBe(400);
    const fifth = await loginStepUp(name, 'wrong1234');
    expect(fifth).toMatchObject({ code: 429, data: { retryAfter: 900 } });
    expect(fifth.msg).toBe('密码错误次数过多，请 15 分钟后再试');

    t.clock.advance(5 * 60 * 1000);
    // Refused before the step-up: the locked client is not asked for work it cannot use.
    expect(await login(name, PASSWORD, { lang: 'en' })).toEqual({
      code: 429,
      msg: 'Too many wrong passwords, try again in 10 minutes',
      data: { retryAfter: 600 },
    });

    t.clock.advance(LOCK_WINDOW_MS);
    expect(await login(name, PASSWORD)).toMatchObject({ code: 200 });
  });

  it('the name is not locked: its owner, from another client, logs in with the right password and the step-up meanwhile', async () => {
    const name = uniqueName('own');
    await registerUser(t.app, name);
    const attacker = newIp();
    for (let i = 0; i < 5; i += 1) await loginStepUp(name, `guess${i}x1`, attacker);
    expect((await login(name, PASSWORD, { ip: attacker })).code).toBe(429);

    const owner = newIp();
    const res = await loginStepUp(name, PASSWORD, owner);
    expect(res).toMatchObject({ code: 200, stepUp: true });
    const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
    expect(info.data.username).toBe(name);
    // The owner's success does not lift the attacker's lock.
    expect((await login(name, PASSWORD, { ip: attacker })).code).toBe(429);
  });

  it('the step-up grows with the failures on the account, up to 32 × the first step', async () => {
    const name = uniqueName('grow');
    await registerUser(t.app, name);
    const sizes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const ip = newIp();
      const challenge = await call(t.app, auth.captchaChallenge, { purpose: 'login', username: name }, { ip });
      sizes.push(challenge.data.max);
      expect((await loginStepUp(name, 'wrong1234', ip)).code).toBe(400);
    }
    const base = TEST_POW_BASE;
    expect(sizes).toEqual([1, 1, 1, 1, 2, 4, 8, 16, 32, 32, 32, 32].map((n) => n * base));
  });

  it('another spelling of a locked name (İ, case, full-width) is the same lockout, never a way in', async () => {
    const name = uniqueName('lockime');
    await registerUser(t.app, name);
    for (let i = 0; i < 5; i += 1) await loginStepUp(name, 'wrong1234');
    expect((await login(name, PASSWORD)).code).toBe(429);
    // JS and SQL lower-case İ differently; before, this spelling found the account and got in.
    const dotted = name.replace('i', 'İ');
    expect((await loginStepUp(dotted, PASSWORD)).code).not.toBe(200);
    expect((await login(name.toUpperCase(), PASSWORD)).code).toBe(429);
    const fullWidth = name.replace(/[a-z]/, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect((await loginStepUp(fullWidth, PASSWORD)).code).toBe(429);
  });

  it(`ten concurrent wrong attempts from one client: ${ATTACK_AT} checked, the rest refused unchecked for a proof of work`, async () => {
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
    const results = await Promise.all(bodies.map((b) => call(t.app, auth.login, b, { ip: HOME })));
    const codes = results.map((r) => r.code).sort();
    expect(codes).toEqual([...Array<number>(ATTACK_AT).fill(400), ...Array<number>(10 - ATTACK_AT).fill(403)]);
    // Before, every attempt had its password checked and counted (10 rows), so a right one in the
    // same burst got in.
    const [failures] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM login_failures f JOIN users u ON f.username = '#' || u.id WHERE u.username = ${name}`,
    );
    expect(failures?.n).toBe(ATTACK_AT);
  });

  it("the right password ends the caller's own failures, not another client's", async () => {
    const name = uniqueName('clr');
    await registerUser(t.app, name);
    const other = newIp();
    for (let i = 0; i < 2; i += 1) await login(name, 'wrong1234');
    for (let i = 0; i < 2; i += 1) await loginStepUp(name, 'wrong1234', other);
    expect((await loginStepUp(name, PASSWORD)).code).toBe(200);
    // HOME starts again from none; the other client's two stand (three more lock it).
    for (let i = 0; i < 4; i += 1) expect((await loginStepUp(name, 'wrong1234')).code).toBe(400);
    expect((await loginStepUp(name, 'wrong1234', other)).code).toBe(400);
    expect((await loginStepUp(name, 'wrong1234', other)).code).toBe(400);
    expect((await loginStepUp(name, 'wrong1234', other)).code).toBe(429);
  });

  it('the owner is told of the failures once per attack window: how many, when and from where (masked)', async () => {
    const name = uniqueName('told');
    const token = await registerUser(t.app, name);
    const messages = async () => {
      const res = await call(t.app, inbox.userMessage, { tab: 'message' }, { token });
      return res.data.list.filter((m) => m.kind === 'login_failures');
    };
    for (let i = 0; i < ATTACK_AT - 1; i += 1) await loginStepUp(name, 'wrong1234', '192.0.2.10');
    expect(await messages()).toEqual([]);
    await loginStepUp(name, 'wrong1234', '192.0.2.11');
    const [told] = await messages();
    expect(told).toMatchObject({ title: '账号登录失败提醒', link: '/user/setting' });
    const detail = await call(t.app, inbox.userMessage, { tab: 'message', id: told!.id }, { token });
    const body = detail.data.list[0]?.body ?? '';
    expect(body).toContain(`有 ${ATTACK_AT} 次登录失败`);
    expect(body).toContain('来自 192.0.2.*');
    expect(body).not.toContain('192.0.2.11');
    expect(body).toMatch(/最近一次在 \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Shanghai\)/);

    // More failures in the window: no more messages.
    for (let i = 0; i < 4; i += 1) await loginStepUp(name, 'wrong1234', newIp());
    expect(await messages()).toHaveLength(1);
    // A later attack is told again.
    t.clock.advance(LOCK_WINDOW_MS + 1000);
    for (let i = 0; i < ATTACK_AT; i += 1) await loginStepUp(name, 'wrong1234', '2001:db8:5:6::1');
    const again = await messages();
    expect(again).toHaveLength(2);
    const latest = await call(t.app, inbox.userMessage, { tab: 'message', id: again[0]!.id }, { token, lang: 'en' });
    expect(latest.data.list[0]?.body).toContain(`there were ${ATTACK_AT} failed logins on your account`);
    expect(latest.data.list[0]?.body).toContain('from 2001:db8:5:*');
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
