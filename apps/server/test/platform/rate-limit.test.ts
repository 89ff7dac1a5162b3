import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';
import { FREE_ATTEMPTS } from '../../src/platform/proof-of-work.js';
import { defaultRateLimits, scaleRateLimits } from '../../src/platform/rate-limit.js';
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

  it('register per username, whatever the IP; login not per name tried, which would keep its owner out', async () => {
    const body = { username: 'target01', password: 'secret123', captchaId: 'x', captchaCode: TEST_CAPTCHA };
    expect((await call(t.app, auth.register, body, { ip: '10.0.1.1' })).code).toBe(400);
    expect((await call(t.app, auth.register, body, { ip: '10.0.1.2' })).code).toBe(400);
    const over = await call(t.app, auth.register, body, { ip: '10.0.1.3' });
    expect(over).toMatchObject({ code: 429, data: { retryAfter: expect.any(Number) } });
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) {
      expect(await call(t.app, auth.login, body, { ip })).toMatchObject({ code: 400, data: { field: 'captchaCode' } });
    }
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

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies every allowance (rounded up), not the window; default 1', () => {
    expect(loadConfig({}).rateLimits).toEqual(defaultRateLimits);
    // The registrations and failed logins a client makes before a proof of work too (load tests).
    expect(loadConfig({}).freeAttempts).toBe(FREE_ATTEMPTS);
    expect(loadConfig({ RATE_LIMIT_SCALE: '1000' }).freeAttempts).toBe(FREE_ATTEMPTS * 1000);
    expect(loadConfig({ RATE_LIMIT_SCALE: '1000' }).rateLimits).toEqual({
      windowMs: 60_000,
      perIp: 30_000,
      perUsername: 10_000,
      perSession: 120_000,
    });
    expect(scaleRateLimits({ windowMs: 1000, perIp: 3, perUsername: 1, perSession: 5 }, 0.5)).toEqual({
      windowMs: 1000,
      perIp: 2,
      perUsername: 1,
      perSession: 3,
    });
  });

  it('refuses what is not a positive number; warns in production when not 1', () => {
    for (const bad of ['abc', '0', '-2', 'Infinity', '10x'])
      expect(() => loadConfig({ RATE_LIMIT_SCALE: bad })).toThrow(/RATE_LIMIT_SCALE/);
    const scaled = { NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' };
    expect(startupWarnings(loadConfig(scaled)).join()).toContain('RATE_LIMIT_SCALE=1000');
    const plain = { NODE_ENV: 'production' };
    expect(startupWarnings(loadConfig(plain)).join()).not.toContain('RATE_LIMIT_SCALE');
  });

  it('a scaled limit lets through what the unscaled one refuses', async () => {
    const t = await startTestApp({
      rateLimits: scaleRateLimits({ perIp: 4, perUsername: 2, perSession: 3, windowMs: 60_000 }, 2),
    });
    try {
      const token = await registerUser(t.app);
      for (let i = 0; i < 6; i += 1) expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(200);
      expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(429);
    } finally {
      await t.close();
    }
  });
});
