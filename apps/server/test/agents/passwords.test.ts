import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, agentsAdmin, security } from '@breakshot/contracts';
import {
  balanceOf,
  newPayingAgent,
  newPlayerUnder,
  RECHARGE_PASSWORD,
  SECURITY_PASSWORD,
  setAgentPassword,
  transferCall,
} from '../helpers/agent-money.js';
import { bindTestMobile, lastCode, otherCode, uniqueIp, uniqueMobile } from '../helpers/security.js';
import { call, PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The security and recharge passwords (/user/daili/anquanpass, chongzhipass, wangjipass,
 * newpass): set, change, wrong attempts counted per kind, the lock, and the SMS reset that lifts it.
 */
describe('agent passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(() => t.close());

  const setCall = (p: TestPlayer, kind: 'security' | 'recharge', body: object, lang?: string) =>
    call(
      t.app,
      kind === 'security' ? agent.agentSecurityPasswordSet : agent.agentRechargePasswordSet,
      { loginPassword: PASSWORD, ...body },
      { token: p.token, ...(lang ? { lang } : {}) },
    );
  const flags = async (p: TestPlayer) => {
    const d = (await adminCall(t.app, agentsAdmin.agentDetails, { id: p.userId })).data;
    return { security: d.hasSecurityPassword, recharge: d.hasRechargePassword };
  };
  /** A member of `a` with some money on `a`'s side, to try the recharge password on. */
  const memberOf = (a: { inviteCode: string }) => newPlayerUnder(t, a.inviteCode);

  it('sets each password with the login password; a wrong login password sets nothing', async () => {
    const a = await newPlayerUnder(t);
    expect(await flags(a)).toEqual({ security: false, recharge: false });
    const wrong = await setCall(a, 'security', { loginPassword: 'wrong1234', newPassword: SECURITY_PASSWORD });
    expect(wrong).toMatchObject({ code: 400, msg: '登录密码错误', data: { field: 'loginPassword' } });
    expect(await flags(a)).toEqual({ security: false, recharge: false });

    expect(await setCall(a, 'security', { newPassword: SECURITY_PASSWORD })).toMatchObject({
      code: 200,
      data: { set: true },
    });
    expect(await flags(a)).toEqual({ security: true, recharge: false });
    expect((await setCall(a, 'recharge', { newPassword: RECHARGE_PASSWORD })).code).toBe(200);
    expect(await flags(a)).toEqual({ security: true, recharge: true });
    // Six digits only: the contract refuses anything else before the server looks.
    expect(await setCall(a, 'recharge', { newPassword: '12345a', oldPassword: RECHARGE_PASSWORD })).toMatchObject({
      code: 400,
      data: { field: 'newPassword' },
    });
  });

  it('a change needs the current password of that kind, named in the language of the request', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await memberOf(a);
    const noOld = await setCall(a, 'recharge', { newPassword: '111222' });
    expect(noOld).toMatchObject({ code: 400, msg: '修改充值密码需要输入原密码', data: { field: 'oldPassword' } });
    const noOldEn = await setCall(a, 'recharge', { newPassword: '111222' }, 'en');
    expect(noOldEn.msg).toBe('Enter the current recharge password to change it');
    const wrongOld = await setCall(a, 'recharge', { newPassword: '111222', oldPassword: '999999' }, 'en');
    expect(wrongOld).toMatchObject({
      code: 400,
      msg: 'Wrong recharge password, 4 attempts left',
      data: { field: 'oldPassword' },
    });

    expect((await setCall(a, 'recharge', { newPassword: '111222', oldPassword: RECHARGE_PASSWORD })).code).toBe(200);
    const withOld = await transferCall(t, a, { memberId: m.userId, amount: 1_000 });
    expect(withOld).toMatchObject({ code: 400, data: { field: 'rechargePassword' } });
    const withNew = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '111222' });
    expect(withNew.code).toBe(200);
    expect(await balanceOf(t, m)).toBe(1_000);
  });

  it('five wrong recharge passwords lock transfers for 15 minutes, even with the right one; the security password stays free', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await memberOf(a);
    await setAgentPassword(t, a, 'security', SECURITY_PASSWORD);
    for (const left of [4, 3, 2, 1]) {
      const res = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '000000' });
      expect(res).toMatchObject({ code: 400, msg: `充值密码错误，还可尝试 ${left} 次` });
    }
    const fifth = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '000000' });
    expect(fifth).toMatchObject({
      code: 429,
      msg: '充值密码错误次数过多，请 15 分钟后再试',
      data: { retryAfter: 900 },
    });
    const right = await transferCall(t, a, { memberId: m.userId, amount: 1_000 }, 'en');
    expect(right).toMatchObject({
      code: 429,
      msg: 'Too many wrong attempts at the recharge password, try again in 15 minutes',
      data: { retryAfter: 900 },
    });
    // Changing it is locked too; the other kind is not.
    expect((await setCall(a, 'recharge', { newPassword: '111222', oldPassword: RECHARGE_PASSWORD })).code).toBe(429);
    expect((await setCall(a, 'security', { newPassword: '333444', oldPassword: SECURITY_PASSWORD })).code).toBe(200);
    expect(await balanceOf(t, m)).toBe(0);
    expect(await balanceOf(t, a)).toBe(50_000);

    t.clock.advance(15 * 60 * 1000);
    expect((await transferCall(t, a, { memberId: m.userId, amount: 1_000 })).code).toBe(200);
    expect(await balanceOf(t, m)).toBe(1_000);
  });

  it('an SMS code to the bound mobile resets a password and lifts its lock', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await memberOf(a);
    // Without a bound mobile no code is sent and no reset is possible.
    const unbound = await call(t.app, security.sendSmsCode, { purpose: 'agent' }, { token: a.token, ip: uniqueIp() });
    expect(unbound).toMatchObject({ code: 422, msg: '请先绑定手机号' });
    const noMobile = await call(
      t.app,
      agent.agentPasswordReset,
      { kind: 'recharge', code: '123456', newPassword: '555666' },
      { token: a.token },
    );
    expect(noMobile.code).toBe(422);

    const mobile = uniqueMobile();
    await bindTestMobile(t, a.token, mobile);
    for (let i = 0; i < 5; i += 1)
      await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '000000' });
    expect((await transferCall(t, a, { memberId: m.userId, amount: 1_000 })).code).toBe(429);

    const sent = await call(t.app, security.sendSmsCode, { purpose: 'agent' }, { token: a.token, ip: uniqueIp() });
    expect(sent.code).toBe(200);
    const code = (await lastCode(t, mobile))!;
    const wrong = await call(
      t.app,
      agent.agentPasswordReset,
      { kind: 'recharge', code: otherCode(code), newPassword: '555666' },
      { token: a.token },
    );
    expect(wrong).toMatchObject({ code: 400, data: { field: 'code' } });
    expect((await transferCall(t, a, { memberId: m.userId, amount: 1_000 })).code).toBe(429);

    const reset = await call(
      t.app,
      agent.agentPasswordReset,
      { kind: 'recharge', code, newPassword: '555666' },
      { token: a.token },
    );
    expect(reset).toMatchObject({ code: 200, data: { set: true } });
    // The code works once.
    const again = await call(
      t.app,
      agent.agentPasswordReset,
      { kind: 'recharge', code, newPassword: '777888' },
      { token: a.token },
    );
    expect(again).toMatchObject({ code: 400, data: { field: 'code' } });

    expect((await transferCall(t, a, { memberId: m.userId, amount: 1_000 })).code).toBe(400);
    const after = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '555666' });
    expect(after.code).toBe(200);
    expect(await balanceOf(t, m)).toBe(1_000);
  });

  it('a reset sets a password that was never set; a reset of one kind leaves the other as it was', async () => {
    const a = await newPlayerUnder(t);
    await setAgentPassword(t, a, 'recharge', RECHARGE_PASSWORD);
    const mobile = uniqueMobile();
    await bindTestMobile(t, a.token, mobile);
    await call(t.app, security.sendSmsCode, { purpose: 'agent' }, { token: a.token, ip: uniqueIp() });
    const code = (await lastCode(t, mobile))!;
    const reset = await call(
      t.app,
      agent.agentPasswordReset,
      { kind: 'security', code, newPassword: SECURITY_PASSWORD },
      { token: a.token },
    );
    expect(reset.code).toBe(200);
    expect(await flags(a)).toEqual({ security: true, recharge: true });
    // The recharge password is unchanged: changing it still takes the old one.
    expect((await setCall(a, 'recharge', { newPassword: '111222', oldPassword: RECHARGE_PASSWORD })).code).toBe(200);
  });
});
