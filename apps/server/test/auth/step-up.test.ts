import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { FREE_ATTEMPTS, MAX_POW_LEVEL, POW_TTL_MS, TEST_POW_BASE } from '../../src/platform/proof-of-work.js';
import {
  call,
  captchaId,
  PASSWORD,
  solvedPow,
  solvePow,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';

/*
 * The proof of work of register and login (docs/security.md): a burst of registrations or failed
 * logins from one client meets it after FREE_ATTEMPTS; a solution is signed, one use, short-lived
 * and at least as large as the call needs.
 */
describe('step-up: proof of work for bursts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ proofOfWork: { freeAttempts: FREE_ATTEMPTS } });
  });
  afterAll(() => t.close());

  let clients = 0;
  /** An address of its own: a fresh client. */
  const newIp = () => `198.51.100.${(clients += 1)}`;

  async function register(ip: string, extra: object = {}) {
    const body = {
      username: uniqueName('su'),
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
      ...extra,
    };
    return { body, res: await call(t.app, auth.register, body, { ip }) };
  }

  const challenge = (ip: string, purpose: auth.PowPurpose = 'register') =>
    call(t.app, auth.captchaChallenge, { purpose }, { ip });

  it(`${FREE_ATTEMPTS} registrations from one client pass; the next needs a proof of work, and keeps its captcha for it`, async () => {
    const ip = newIp();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await register(ip)).res.code).toBe(200);
    const { body, res } = await register(ip);
    expect(res).toEqual({ code: 403, msg: '请先完成安全验证', data: { step: 'pow' } });
    // The captcha was not used up: the same call with a solved challenge goes through.
    const again = await call(
      t.app,
      auth.register,
      { ...body, pow: await solvedPow(t.app, 'register', { ip }) },
      { ip },
    );
    expect(again.code).toBe(200);
    // Another client is not held back.
    expect((await register(newIp())).res.code).toBe(200);
  });

  it(`the work doubles with each attempt of the burst, up to 2^${MAX_POW_LEVEL} × the first step`, async () => {
    const ip = newIp();
    const sizes: number[] = [];
    for (let i = 0; i < FREE_ATTEMPTS + MAX_POW_LEVEL + 2; i += 1) {
      sizes.push((await challenge(ip)).data.max);
      const pow = i >= FREE_ATTEMPTS ? { pow: await solvedPow(t.app, 'register', { ip }) } : {};
      expect((await register(ip, pow)).res.code).toBe(200);
    }
    const base = TEST_POW_BASE;
    expect(sizes).toEqual([base, base, base, base, 2 * base, 4 * base, 8 * base, 16 * base, 32 * base, 32 * base]);
    // A challenge made before the burst grew is too small now.
    const small = solvePow((await challenge(newIp())).data);
    const { res } = await register(ip, { pow: small });
    expect(res).toMatchObject({ code: 403, msg: '请先完成安全验证', data: { step: 'pow' } });
  });

  it('forged, unsolved or misused solutions are refused and keep the captcha', async () => {
    const ip = newIp();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) await register(ip);
    const c = (await challenge(ip)).data;
    const good = solvePow(c);
    const cases: [string, object][] = [
      ['a wrong number', { ...good, number: (good.number + 1) % c.max }],
      ['a forged signature', { ...good, signature: good.signature.replace(/^./, (x) => (x === 'a' ? 'b' : 'a')) }],
      ['a larger max written in', { ...good, challenge: good.challenge.replace(/\.\d+\./, `.${c.max * 64}.`) }],
      ['a login challenge', solvePow((await challenge(ip, 'login')).data)],
    ];
    const { body } = await register(ip);
    for (const [what, pow] of cases) {
      const res = await call(t.app, auth.register, { ...body, pow }, { ip });
      expect({ what, res }).toEqual({ what, res: { code: 403, msg: '安全验证未通过，请重试', data: { step: 'pow' } } });
    }
    expect((await call(t.app, auth.register, { ...body, pow: good }, { ip })).code).toBe(200);
  });

  it('a solution is used once, even by another client, and expires after 5 minutes', async () => {
    const [ip, other] = [newIp(), newIp()];
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) await Promise.all([register(ip), register(other)]);
    const pow = await solvedPow(t.app, 'register', { ip });
    expect((await register(ip, { pow })).res.code).toBe(200);
    // The other client needs a proof of the same size, and this one is spent.
    const reused = await register(other, { pow });
    expect(reused.res).toEqual({ code: 403, msg: '安全验证已失效，请重试', data: { step: 'pow' } });

    const late = await solvedPow(t.app, 'register', { ip: other });
    t.clock.advance(POW_TTL_MS);
    // The burst's window (15 minutes) has not passed: the call still needs a proof.
    expect((await register(other, { pow: late })).res).toMatchObject({ code: 403, msg: '安全验证已失效，请重试' });
  });

  it('a wrong captcha with a good solution uses both up', async () => {
    const ip = newIp();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) await register(ip);
    const pow = await solvedPow(t.app, 'register', { ip });
    const { body, res } = await register(ip, { pow, captchaCode: 'NOPE' });
    expect(res).toMatchObject({ code: 400, data: { field: 'captchaCode' } });
    const again = await call(t.app, auth.register, { ...body, captchaCode: TEST_CAPTCHA }, { ip });
    expect(again).toMatchObject({ code: 403, msg: '安全验证已失效，请重试' });
  });

  it('the burst ends with its window: 15 minutes later the client registers without a proof', async () => {
    const ip = newIp();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) await register(ip);
    expect((await register(ip)).res.code).toBe(403);
    t.clock.advance(15 * 60 * 1000);
    expect((await register(ip)).res.code).toBe(200);
  });

  it('concurrent registrations from one client: exactly the free ones pass without a proof', async () => {
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 8 }, () => register(ip)));
    const codes = results.map((r) => r.res.code).sort();
    expect(codes).toEqual([...Array<number>(FREE_ATTEMPTS).fill(200), ...Array<number>(8 - FREE_ATTEMPTS).fill(403)]);
  });

  it.each([
    ['purpose', { purpose: 'transfer' }, '用途: 无效'],
    ['username', { purpose: 'login', username: 'x'.repeat(33) }, '用户名: 过长'],
    ['extra', { purpose: 'login', extra: 1 }, 'extra: 包含未知字段'],
  ])('challenge with bad %s → 400 naming it', async (field, body, msg) => {
    expect(await call(t.app, auth.captchaChallenge, body)).toEqual({ code: 400, msg, data: { field } });
  });

  it.each([
    ['pow.number', { challenge: 'x', number: -1, signature: 'y' }, '安全验证答案: 无效'],
    ['pow.challenge', { number: 1, signature: 'y' }, '安全验证题: 必填'],
    ['pow.extra', { challenge: 'x', number: 1, signature: 'y', extra: 1 }, 'extra: 包含未知字段'],
  ])('register with bad %s → 400 naming it', async (field, pow, msg) => {
    const { res } = await register(newIp(), { pow });
    expect(res).toEqual({ code: 400, msg, data: { field } });
  });
});
