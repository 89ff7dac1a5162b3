import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, security } from '@breakshot/contracts';
import { smsCodes } from '../../src/modules/security/tables.js';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import {
  bindTestMobile,
  lastCode,
  otherCode,
  outboxCount,
  sendAndRead,
  sendResetCode,
  uniqueIp,
  uniqueMobile,
} from '../helpers/security.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe('SMS codes: limits, expiry, tries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const player = async () => registerUser(t.app, uniqueName('sms'));

  it('one code per mobile per 60 s: the second within the minute gets 429 with retryAfter', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const ip = uniqueIp();
    await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile, ip);
    t.clock.advance(45 * SECOND);
    const again = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip });
    expect(again).toMatchObject({ code: 429, msg: '请 15 秒后再获取验证码', data: { retryAfter: 15 } });
    expect(await outboxCount(t, mobile)).toBe(1);
    t.clock.advance(15 * SECOND);
    const later = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip });
    expect(later).toMatchObject({ code: 200, data: { resendAfter: 60, expiresIn: 300 } });
    expect(await outboxCount(t, mobile)).toBe(2);
  });

  it('at most 10 codes a day per mobile, whichever address asks', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const start = t.clock.now().getTime();
    for (let i = 0; i < 10; i += 1) {
      await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
      t.clock.advance(61 * SECOND);
    }
    const eleventh = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip: uniqueIp() });
    expect(eleventh.code).toBe(429);
    expect(eleventh.msg).toMatch(/^获取验证码次数已达今日上限/);
    // The first of the ten leaves the 24 hours at start + 24 h.
    const wait = Math.ceil((start + 24 * HOUR - t.clock.now().getTime()) / 1000);
    expect(eleventh.data.retryAfter).toBe(wait);
    expect(await outboxCount(t, mobile)).toBe(10);
    t.clock.advance(wait * SECOND);
    const nextDay = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip: uniqueIp() });
    expect(nextDay.code).toBe(200);
  });

  it('at most 10 codes a day per address, whichever mobiles', async () => {
    const token = await player();
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1) {
      const mobile = uniqueMobile();
      await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile, ip);
    }
    const mobile = uniqueMobile();
    const eleventh = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip });
    expect(eleventh).toMatchObject({ code: 429, data: { retryAfter: 24 * 3600 } });
    expect(await outboxCount(t, mobile)).toBe(0);
    const elsewhere = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip: uniqueIp() });
    expect(elsewhere.code).toBe(200);
  });

  it('a code works for 5 minutes', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    t.clock.advance(5 * 60 * SECOND);
    const late = await call(t.app, security.bindMobile, { mobile, code }, { token });
    expect(late).toMatchObject({ code: 400, msg: '验证码已失效，请重新获取', data: { field: 'code' } });
    expect((await call(t.app, auth.userInfo, {}, { token })).data.mobile).toBeNull();

    const fresh = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    t.clock.advance(5 * 60 * SECOND - SECOND);
    const inTime = await call(t.app, security.bindMobile, { mobile, code: fresh }, { token });
    expect(inTime).toMatchObject({ code: 200, data: { mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` } });
  });

  it('five wrong tries kill the code: the right one is refused after them', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await call(t.app, security.bindMobile, { mobile, code: otherCode(code) }, { token })).msg);
    }
    expect(answers).toEqual([
      '验证码错误，还可尝试 4 次',
      '验证码错误，还可尝试 3 次',
      '验证码错误，还可尝试 2 次',
      '验证码错误，还可尝试 1 次',
      '验证码错误次数过多，请重新获取',
    ]);
    const right = await call(t.app, security.bindMobile, { mobile, code }, { token });
    expect(right).toMatchObject({ code: 400, msg: '验证码错误次数过多，请重新获取' });
    expect((await call(t.app, auth.userInfo, {}, { token })).data.mobile).toBeNull();
  });

  it('a code works once, and only the newest code of the mobile counts', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const first = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    t.clock.advance(61 * SECOND);
    const second = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    if (first !== second) {
      const old = await call(t.app, security.bindMobile, { mobile, code: first }, { token });
      expect(old.code).toBe(400);
    }
    expect((await call(t.app, security.bindMobile, { mobile, code: second }, { token })).code).toBe(200);
  });

  it('codes are stored hashed, never as sent', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('one player’s code cannot be used by another', async () => {
    const alice = await player();
    const bob = await player();
    const mobile = uniqueMobile();
    const code = await sendAndRead(t, alice, { purpose: 'bind', mobile }, mobile);
    const stolen = await call(t.app, security.bindMobile, { mobile, code }, { token: bob });
    expect(stolen).toMatchObject({ code: 400, msg: '验证码已失效，请重新获取' });
    expect((await call(t.app, auth.userInfo, {}, { token: bob })).data.mobile).toBeNull();
    // Bob's try did not burn Alice's code.
    expect((await call(t.app, security.bindMobile, { mobile, code }, { token: alice })).code).toBe(200);
  });

  it('bind, change and fund need a session; a bad mobile is a 400 naming the field', async () => {
    for (const body of [{ purpose: 'bind', mobile: uniqueMobile() }, { purpose: 'change' }, { purpose: 'fund' }]) {
      const res = await call(t.app, security.sendSmsCode, body, { ip: uniqueIp() });
      expect(res.code).toBe(401);
    }
    const token = await player();
    for (const mobile of ['12800138000', '1380013800', '138001380001', '1380013800a']) {
      const res = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token, ip: uniqueIp() });
      expect(res).toMatchObject({ code: 400, data: { field: 'mobile' } });
      expect(await outboxCount(t, mobile)).toBe(0);
    }
    const fund = await call(t.app, security.sendSmsCode, { purpose: 'fund' }, { token, ip: uniqueIp() });
    expect(fund).toMatchObject({ code: 422, msg: '请先绑定手机号' });
  });

  it('a reset answers the same whether or not the name and mobile belong together; sends only when they do', async () => {
    const name = uniqueName('rs');
    const token = await registerUser(t.app, name);
    const mobile = uniqueMobile();
    await bindTestMobile(t, token, mobile);
    const before = await outboxCount(t, mobile);

    const wrongMobile = uniqueMobile();
    const unknownName = await sendResetCode(t.app, uniqueName('nobody'), mobile);
    t.clock.advance(61 * SECOND);
    const otherMobile = await sendResetCode(t.app, name, wrongMobile);
    t.clock.advance(61 * SECOND);
    const matching = await sendResetCode(t.app, name, mobile);
    expect(unknownName).toEqual(matching);
    expect(otherMobile).toEqual(matching);
    expect(matching).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    expect(await outboxCount(t, wrongMobile)).toBe(0);
    expect(await outboxCount(t, mobile)).toBe(before + 1);
    expect(await lastCode(t, mobile)).toMatch(/^\d{6}$/);

    // The unmatched asks count towards the limits all the same.
    const fresh = uniqueMobile();
    expect((await sendResetCode(t.app, uniqueName('nobody'), fresh)).code).toBe(200);
    const tooSoon = await sendResetCode(t.app, uniqueName('nobody'), fresh);
    expect(tooSoon).toMatchObject({ code: 429, data: { retryAfter: 60 } });
  });

  it('a reset needs the captcha: a wrong one sends nothing', async () => {
    const name = uniqueName('rc');
    const token = await registerUser(t.app, name);
    const mobile = uniqueMobile();
    await bindTestMobile(t, token, mobile);
    const before = await outboxCount(t, mobile);
    const res = await call(
      t.app,
      security.sendSmsCode,
      { purpose: 'reset', username: name, mobile, captchaId: 'no-such-captcha', captchaCode: 'XXXX' },
      { ip: uniqueIp() },
    );
    expect(res).toMatchObject({ code: 400, data: { field: 'captchaCode' } });
    expect(await outboxCount(t, mobile)).toBe(before);
  });
});
