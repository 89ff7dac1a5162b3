import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { call, registerUser, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { perIp: 4, perUsername: 2, perSession: 3, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  it('captcha per IP: over the limit → 429 with retryAfter; another IP is not affected', async () => {
    for (let i = 0; i < 4; i += 1)
      expect((await call(t.app, auth.captchaGetCode, {}, { ip: '10.0.0.1' })).code).toBe(200);
    const over = await call(t.app, auth.captchaGetCode, {}, { ip: '10.0.0.1' });
    expect(over).toMatchObject({ code: 429, msg: '操作过于频繁，请稍后再试' });
    expect(over.data.retryAfter).toBeGreaterThan(0);
    expect(over.data.retryAfter).toBeLessThanOrEqual(60);
    expect((await call(t.app, auth.captchaGetCode, {}, { ip: '10.0.0.2' })).code).toBe(200);
  });

  it('login per username, whatever the IP', async () => {
    const body = { username: 'target01', password: 'secret123', captchaId: 'x', captchaCode: TEST_CAPTCHA };
    expect((await call(t.app, auth.login, body, { ip: '10.0.1.1' })).code).toBe(400);
    expect((await call(t.app, auth.login, body, { ip: '10.0.1.2' })).code).toBe(400);
    const over = await call(t.app, auth.login, body, { ip: '10.0.1.3' });
    expect(over).toMatchObject({ code: 429, data: { retryAfter: expect.any(Number) } });
  });

  it('calls with a session per session', async () => {
    const token = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(200);
    expect(await call(t.app, auth.userInfo, {}, { token, lang: 'en' })).toMatchObject({
      code: 429,
      msg: 'Too many requests, please try again later',
    });
  });
});
