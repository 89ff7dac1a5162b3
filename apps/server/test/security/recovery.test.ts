import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, security } from '@breakshot/contracts';
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
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { bindTestMobile, lastCode, otherCode, sendResetCode, uniqueMobile } from '../helpers/security.js';

const NEW_PASSWORD = 'newpass456';

describe('forgetPassword: verify with the SMS code, then reset once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = async (username: string, password: string) =>
    call(t.app, auth.login, { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA });

  /** A player with a bound mobile and two sessions. */
  async function playerWithMobile() {
    const username = uniqueName('fp');
    const first = await registerUser(t.app, username);
    const mobile = uniqueMobile();
    await bindTestMobile(t, first, mobile);
    const second = (await login(username, PASSWORD)).data.token;
    return { username, mobile, sessions: [first, second] };
  }

  async function verified(username: string, mobile: string): Promise<string> {
    expect((await sendResetCode(t.app, username, mobile)).code).toBe(200);
    const code = await lastCode(t, mobile);
    const res = await call(t.app, security.forgetPassword, { step: 'verify', username, mobile, code });
    expect(res).toMatchObject({ code: 200, data: { expiresIn: 900 } });
    return res.data.resetToken as string;
  }

  it('the new password logs in, the old one no longer; every session ends (401)', async () => {
    const p = await playerWithMobile();
    const resetToken = await verified(p.username, p.mobile);
    const reset = await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD });
    expect(reset).toMatchObject({ code: 200 });
    for (const token of p.sessions) {
      expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(401);
    }
    expect((await login(p.username, PASSWORD)).code).toBe(400);
    const fresh = await login(p.username, NEW_PASSWORD);
    expect(fresh.code).toBe(200);
    expect((await call(t.app, auth.userInfo, {}, { token: fresh.data.token })).data.username).toBe(p.username);
  });

  it('the live connections of every session close', async () => {
    const p = await playerWithMobile();
    const base = await listenLocal(t.app);
    const userId = (await call(t.app, auth.userInfo, {}, { token: p.sessions[0] })).data.id;
    const sockets = [];
    for (const token of p.sessions) sockets.push(await openLive(base, await getWssToken(t.app, token)));
    await waitForSockets(t.app, userId, 2);
    const resetToken = await verified(p.username, p.mobile);
    expect(
      (await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD })).code,
    ).toBe(200);
    for (const live of sockets) expect((await live.closed).code).toBe(4000);
    await waitForSockets(t.app, userId, 0);
  });

  it('the reset token works once', async () => {
    const p = await playerWithMobile();
    const resetToken = await verified(p.username, p.mobile);
    expect(
      (await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD })).code,
    ).toBe(200);
    const again = await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: 'another789' });
    expect(again).toMatchObject({ code: 400, msg: '重置已失效，请重新验证手机', data: { field: 'resetToken' } });
    expect((await login(p.username, 'another789')).code).toBe(400);
    expect((await login(p.username, NEW_PASSWORD)).code).toBe(200);
  });

  it('the reset token expires after 15 minutes; the code works once', async () => {
    const p = await playerWithMobile();
    expect((await sendResetCode(t.app, p.username, p.mobile)).code).toBe(200);
    const code = await lastCode(t, p.mobile);
    const body = { step: 'verify', username: p.username, mobile: p.mobile, code };
    const { resetToken } = (await call(t.app, security.forgetPassword, body)).data;
    expect((await call(t.app, security.forgetPassword, body)).code).toBe(400);
    t.clock.advance(15 * 60 * 1000);
    const late = await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD });
    expect(late).toMatchObject({ code: 400, data: { field: 'resetToken' } });
    expect((await call(t.app, auth.userInfo, {}, { token: p.sessions[0] })).code).toBe(200);
  });

  it('verify tells nothing about the name: a wrong name and a wrong code get the same answer', async () => {
    const p = await playerWithMobile();
    expect((await sendResetCode(t.app, p.username, p.mobile)).code).toBe(200);
    const code = (await lastCode(t, p.mobile)) as string;
    const wrongName = await call(t.app, security.forgetPassword, {
      step: 'verify',
      username: uniqueName('other'),
      mobile: p.mobile,
      code,
    });
    const wrongCode = await call(t.app, security.forgetPassword, {
      step: 'verify',
      username: p.username,
      mobile: p.mobile,
      code: otherCode(code),
    });
    expect(wrongName).toMatchObject({ code: 400, msg: '验证码错误，还可尝试 4 次' });
    expect(wrongCode).toMatchObject({ code: 400, msg: '验证码错误，还可尝试 3 次' });
    // Another player's name with this player's code and mobile gets no token either.
    const other = await playerWithMobile();
    const stolen = await call(t.app, security.forgetPassword, {
      step: 'verify',
      username: other.username,
      mobile: p.mobile,
      code,
    });
    expect(stolen.code).toBe(400);
    expect(stolen.data).not.toHaveProperty('resetToken');
  });

  it('a mobile bound to nobody, or a name without a mobile, never gets a token', async () => {
    const username = uniqueName('nm');
    await registerUser(t.app, username);
    const mobile = uniqueMobile();
    expect((await sendResetCode(t.app, username, mobile)).code).toBe(200);
    expect(await lastCode(t, mobile)).toBeUndefined();
    for (const code of ['000000', '123456']) {
      const res = await call(t.app, security.forgetPassword, { step: 'verify', username, mobile, code });
      expect(res.code).toBe(400);
    }
  });

  it('a new password that breaks the rules is a 400 naming the field; nothing changes', async () => {
    const p = await playerWithMobile();
    const resetToken = await verified(p.username, p.mobile);
    const weak = await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: 'short' });
    expect(weak).toMatchObject({ code: 400, data: { field: 'password' } });
    expect((await call(t.app, auth.userInfo, {}, { token: p.sessions[0] })).code).toBe(200);
    // The token was not spent by the refused call.
    expect(
      (await call(t.app, security.forgetPassword, { step: 'reset', resetToken, password: NEW_PASSWORD })).code,
    ).toBe(200);
  });
});
