import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import {
  createOperator,
  loginAgain,
  newOperator,
  opCall,
  OPERATOR_PASSWORD,
  totpCode,
  type LoggedInOperator,
} from '../helpers/operators.js';

const HOUR = 60 * 60 * 1000;

describe('operator login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN });
    // 1 s into a 30-s step, so that "10 s later, the same step" holds whenever the test runs.
    t.clock.advance(31_000 - (t.clock.now().getTime() % 30_000));
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (session: string) => opCall(t.app, operatorsAdmin.me, {}, { session });
  const login = (body: object) => opCall(t.app, operatorsAdmin.login, body);

  it('first login enrols the TOTP: the otpauth URL carries the secret, a code from it logs in', async () => {
    expect((await createOperator(t, 'Enrol.One', 'finance')).code).toBe(200);
    // The code is ignored before the TOTP is set up, and the name's case does not matter.
    const setup = await login({ username: 'enrol.one', password: OPERATOR_PASSWORD, code: '123456' });
    expect(setup.code).toBe(200);
    expect(setup.data.stage).toBe('totp_setup');
    const { secret, setupToken, otpauthUrl } = setup.data as { secret: string; setupToken: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Breakshot:Enrol.One');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Breakshot');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    // The setup token is not a session.
    expect(await me(setupToken)).toMatchObject({ code: 401 });

    // A wrong code is refused and the setup token stays usable.
    const wrong = await opCall(t.app, operatorsAdmin.totpConfirm, {
      setupToken,
      code: totpCode(t, secret, 5 * 60_000),
    });
    expect(wrong).toMatchObject({ code: 401, msg: '验证码错误' });

    const done = await opCall(t.app, operatorsAdmin.totpConfirm, { setupToken, code: totpCode(t, secret) });
    expect(done.code).toBe(200);
    // The site's zone comes with the session: the console shows every time on its clock.
    expect(done.data).toMatchObject({
      stage: 'done',
      operator: { username: 'Enrol.One', role: 'finance' },
      timeZone: 'Asia/Shanghai',
    });
    const expiresAt = new Date(done.data.expiresAt as string).getTime();
    expect(expiresAt - t.clock.now().getTime()).toBe(12 * HOUR);
    expect((await me(done.data.token as string)).data).toEqual({
      operator: { username: 'Enrol.One', role: 'finance' },
      expiresAt: done.data.expiresAt,
      timeZone: 'Asia/Shanghai',
    });

    // The setup token is spent; the session keeps only the token's hash, with ip and user agent.
    const again = await opCall(t.app, operatorsAdmin.totpConfirm, { setupToken, code: totpCode(t, secret) });
    expect(again).toMatchObject({ code: 401, msg: '验证器绑定已过期，请重新登录' });
    const rows = await queryRows<{ kind: string; token_hash: string; ip: string | null }>(
      t.db,
      sql`SELECT s.kind, s.token_hash, s.ip FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE o.username = 'Enrol.One' ORDER BY s.id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['setup', 'session']);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash) && r.ip)).toBe(true);
    expect(rows.some((r) => r.token_hash === done.data.token)).toBe(false);

    // The code that confirmed cannot log in again (same step).
    const replay = await login({ username: 'Enrol.One', password: OPERATOR_PASSWORD, code: totpCode(t, secret) });
    expect(replay).toMatchObject({ code: 401, msg: '该验证码已使用过，请等待下一个验证码' });
  });

  it('a setup token expires after TOTP_SETUP_MINUTES', async () => {
    await createOperator(t, 'slow-enrol', 'risk');
    const setup = await login({ username: 'slow-enrol', password: OPERATOR_PASSWORD });
    const { secret, setupToken } = setup.data as { secret: string; setupToken: string };
    t.clock.advance(operatorsAdmin.TOTP_SETUP_MINUTES * 60_000 + 1);
    const late = await opCall(t.app, operatorsAdmin.totpConfirm, { setupToken, code: totpCode(t, secret) });
    expect(late).toMatchObject({ code: 401, msg: '验证器绑定已过期，请重新登录' });
  });

  describe('once the TOTP is set up', () => {
    let op: LoggedInOperator;
    beforeAll(async () => {
      op = await newOperator(t, 'totp-user', 'risk');
    });

    it('the right password without a code is refused (totpRequired), with a wrong code too', async () => {
      const noCode = await login({ username: op.username, password: OPERATOR_PASSWORD });
      expect(noCode).toMatchObject({ code: 401, msg: '请输入身份验证器中的 6 位验证码' });
      expect(noCode.data).toBeFalsy();
      const wrongCode = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret, 3 * 60_000),
      });
      expect(wrongCode).toMatchObject({ code: 401, msg: '验证码错误' });
      const ok = await loginAgain(t, op);
      expect(ok.code).toBe(200);
    });

    it('a code is accepted once: the same code again, or any code of the same step, is refused', async () => {
      const code = totpCode(t, op.secret);
      const first = await login({ username: op.username, password: OPERATOR_PASSWORD, code });
      expect(first.code).toBe(200);
      const second = await login({ username: op.username, password: OPERATOR_PASSWORD, code });
      expect(second).toMatchObject({ code: 401, msg: '该验证码已使用过，请等待下一个验证码' });
      // 10 s later the step is the same: still the used code.
      t.clock.advance(10_000);
      const sameStep = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret),
      });
      expect(sameStep).toMatchObject({ code: 401, msg: '该验证码已使用过，请等待下一个验证码' });
      // The previous step's code is in the window but older than the one used: refused too.
      const older = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret, -30_000),
      });
      expect(older).toMatchObject({ code: 401, msg: '该验证码已使用过，请等待下一个验证码' });
      // The next step's code works.
      t.clock.advance(30_000);
      expect(
        (await login({ username: op.username, password: OPERATOR_PASSWORD, code: totpCode(t, op.secret) })).code,
      ).toBe(200);
      t.clock.advance(30_000);
    });

    it('two logins with one code at the same time: one session', async () => {
      const code = totpCode(t, op.secret);
      const body = { username: op.username, password: OPERATOR_PASSWORD, code };
      const results = await Promise.all([login(body), login(body), login(body)]);
      expect(results.map((r) => r.code).sort()).toEqual([200, 401, 401]);
      t.clock.advance(30_000);
    });

    it('a code of the step before or after is accepted (clock drift), two steps away is not', async () => {
      const ahead = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret, 30_000),
      });
      expect(ahead.code).toBe(200);
      t.clock.advance(90_000);
      const twoAhead = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret, 60_000),
      });
      expect(twoAhead).toMatchObject({ code: 401, msg: '验证码错误' });
      const behind = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret, -30_000),
      });
      expect(behind.code).toBe(200);
      t.clock.advance(60_000);
    });

    it('the session ends after 12 hours, and at logout', async () => {
      const res = await loginAgain(t, op);
      const session = res.data.token as string;
      expect((await me(session)).code).toBe(200);
      t.clock.advance(12 * HOUR - 60_000);
      expect((await me(session)).code).toBe(200);
      t.clock.advance(60_000);
      expect(await me(session)).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });

      const other = (await loginAgain(t, op)).data.token as string;
      const third = (await loginAgain(t, op)).data.token as string;
      expect((await opCall(t.app, operatorsAdmin.logout, {}, { session: other })).code).toBe(200);
      expect((await me(other)).code).toBe(401);
      expect((await opCall(t.app, operatorsAdmin.logout, {}, { session: other })).code).toBe(401);
      // Only that session ended.
      expect((await me(third)).code).toBe(200);
      const audit = await queryRows<{ operator: string; action: string }>(
        t.db,
        sql`SELECT operator, action FROM admin_audit WHERE action = 'operator.logout'`,
      );
      expect(audit).toEqual([{ operator: op.username, action: 'operator.logout' }]);
    });

    it('a disabled operator: sessions stop working and login is refused', async () => {
      const other = await newOperator(t, 'to-disable', 'content');
      await t.db.execute(sql`UPDATE operators SET status = 'disabled' WHERE username = 'to-disable'`);
      expect((await me(other.session)).code).toBe(401);
      const res = await login({
        username: other.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, other.secret),
      });
      expect(res).toMatchObject({ code: 403 });
    });
  });

  describe('lockout', () => {
    it('five wrong passwords lock the client that made them for 15 minutes, even with the right password; then it works', async () => {
      const op = await newOperator(t, 'lock-me', 'finance');
      const first = await login({ username: 'LOCK-ME', password: 'wrong password 0' });
      expect(first).toMatchObject({ code: 401, msg: '用户名或密码错误' });
      // The name has a failure now: without a code the answer is the same, right password or wrong.
      for (let i = 1; i < 4; i++) {
        const res = await login({ username: 'LOCK-ME', password: `wrong password ${i}` });
        expect(res).toMatchObject({ code: 401, msg: '请输入身份验证器中的 6 位验证码' });
      }
      const fifth = await login({ username: op.username, password: 'wrong password 5' });
      expect(fifth.code).toBe(429);
      const sixth = await login({ username: op.username, password: OPERATOR_PASSWORD, code: totpCode(t, op.secret) });
      expect(sixth.code).toBe(429);
      expect(sixth.msg).toBe('密码或验证码错误次数过多，请 15 分钟后再试');
      expect(sixth.data).toEqual({ retryAfter: 15 * 60 });

      t.clock.advance(14 * 60_000);
      const stillLocked = await login({
        username: op.username,
        password: OPERATOR_PASSWORD,
        code: totpCode(t, op.secret),
      });
      expect(stillLocked).toMatchObject({ code: 429, data: { retryAfter: 60 } });

      t.clock.advance(60_000);
      const ok = await login({ username: op.username, password: OPERATOR_PASSWORD, code: totpCode(t, op.secret) });
      expect(ok.code).toBe(200);
      expect(ok.data.stage).toBe('done');
      t.clock.advance(30_000);
    });

    it('the name is not locked: from another client the right password and a valid code log in meanwhile', async () => {
      const op = await newOperator(t, 'attacked-op', 'risk');
      const attacker = '198.51.100.66';
      for (let i = 0; i < 5; i++) {
        await opCall(
          t.app,
          operatorsAdmin.login,
          { username: op.username, password: `guess ${i}`, code: '000000' },
          { ip: attacker },
        );
      }
      const again = { username: op.username, password: OPERATOR_PASSWORD, code: totpCode(t, op.secret) };
      expect((await opCall(t.app, operatorsAdmin.login, again, { ip: attacker })).code).toBe(429);

      const owner = await opCall(t.app, operatorsAdmin.login, again, { ip: '203.0.113.20' });
      expect(owner).toMatchObject({ code: 200, data: { stage: 'done', operator: { username: op.username } } });
      expect((await me(owner.data.token as string)).code).toBe(200);
      t.clock.advance(30_000);
      // The failing client stays locked.
      const later = { ...again, code: totpCode(t, op.secret) };
      expect((await opCall(t.app, operatorsAdmin.login, later, { ip: attacker })).code).toBe(429);
    });

    it('while the name has failures, a password is answered only with a valid code: a guess tells nothing', async () => {
      const op = await newOperator(t, 'no-oracle', 'content');
      const ip = '198.51.100.77';
      const attempt = (password: string, code?: string) =>
        opCall(t.app, operatorsAdmin.login, { username: op.username, password, ...(code ? { code } : {}) }, { ip });
      // Before any failure the answers tell a right password (as they always did).
      expect(await attempt(OPERATOR_PASSWORD)).toMatchObject({ code: 401, msg: '请输入身份验证器中的 6 位验证码' });
      expect(await attempt('a wrong one 1')).toMatchObject({ code: 401, msg: '用户名或密码错误' });
      // Now: no code, right or wrong password, the same answer; with a code, wrong password or wrong code alike.
      const wrongCode = totpCode(t, op.secret, 10 * 60_000);
      const answers = [
        await attempt(OPERATOR_PASSWORD),
        await attempt('a wrong one 2'),
        await attempt(OPERATOR_PASSWORD, wrongCode),
        await attempt('a wrong one 3', totpCode(t, op.secret)),
      ].map((r) => [r.code, r.msg]);
      expect(answers).toEqual([
        [401, '请输入身份验证器中的 6 位验证码'],
        [401, '请输入身份验证器中的 6 位验证码'],
        [401, '用户名或密码错误'],
        [401, '用户名或密码错误'],
      ]);
      // Three of those were guesses and counted (with the first wrong password: four); one more locks this client.
      expect((await attempt('a wrong one 4', wrongCode)).code).toBe(429);
    });

    it('wrong TOTP codes count as failures; success clears the count', async () => {
      const op = await newOperator(t, 'lock-totp', 'risk');
      const wrong = () =>
        login({ username: op.username, password: OPERATOR_PASSWORD, code: totpCode(t, op.secret, 10 * 60_000) });
      for (let i = 0; i < 4; i++) expect((await wrong()).code).toBe(401);
      // The fourth failure is cleared by a success: four more are allowed again.
      expect((await loginAgain(t, op)).code).toBe(200);
      for (let i = 0; i < 4; i++) expect((await wrong()).code).toBe(401);
      expect((await wrong()).code).toBe(429);
      expect((await loginAgain(t, op)).code).toBe(429);
      t.clock.advance(15 * 60_000);
      expect((await loginAgain(t, op)).code).toBe(200);
    });

    it('unknown names get the same answer as a wrong password, and are locked out too', async () => {
      const res = await login({ username: 'nobody-here', password: OPERATOR_PASSWORD });
      expect(res).toMatchObject({ code: 401, msg: '用户名或密码错误' });
      for (let i = 0; i < 3; i++) await login({ username: 'nobody-here', password: OPERATOR_PASSWORD });
      expect((await login({ username: 'Nobody-Here', password: OPERATOR_PASSWORD })).code).toBe(429);
    });

    it('the next login tells how many failures there were since the last one, when and from where (masked); then none', async () => {
      const op = await newOperator(t, 'told-op', 'finance');
      const guess = (ip: string, i: number) =>
        opCall(t.app, operatorsAdmin.login, { username: op.username, password: `guess ${i}`, code: '123456' }, { ip });
      await guess('198.51.100.90', 1);
      await guess('198.51.100.90', 2);
      t.clock.advance(60_000);
      const lastAt = t.clock.now().toISOString();
      await guess('2001:db8:aa:bb::9', 3);
      t.clock.advance(60_000);
      const first = await loginAgain(t, op);
      expect(first.data.failedLogins).toEqual({ count: 3, lastAt, lastIp: '2001:db8:aa:*' });
      expect((await loginAgain(t, op)).data.failedLogins).toBeNull();
    });
  });

  it('the login is rate limited per IP', async () => {
    const limited = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, rateLimits: { perIp: 3 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await opCall(limited.app, operatorsAdmin.login, { username: `n${i}-x`, password: 'whatever' });
        codes.push(res.code);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
