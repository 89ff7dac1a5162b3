import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, security, withdrawals } from '@breakshot/contracts';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { bindTestMobile, otherCode, sendAndRead, uniqueIp, uniqueMobile } from '../helpers/security.js';
import { FUND_PASSWORD, newTestPlayer, bindUsdt } from '../helpers/withdrawals.js';

const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

describe('bind and change the mobile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const player = () => registerUser(t.app, uniqueName('mb'));
  const mobileOf = async (token: string) => (await call(t.app, auth.userInfo, {}, { token })).data.mobile;

  it('binds a first mobile; a second bind is refused (change it instead)', async () => {
    const token = await player();
    const mobile = uniqueMobile();
    await bindTestMobile(t, token, mobile);
    expect(await mobileOf(token)).toBe(masked(mobile));
    const next = uniqueMobile();
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile: next }, next);
    const again = await call(t.app, security.bindMobile, { mobile: next, code }, { token });
    expect(again).toMatchObject({ code: 409, msg: '已绑定手机号，如需更换请使用更换手机号' });
    expect(await mobileOf(token)).toBe(masked(mobile));
  });

  it('a mobile bound to another account is refused, at send and at bind', async () => {
    const alice = await player();
    const bob = await player();
    const mobile = uniqueMobile();
    await bindTestMobile(t, alice, mobile);
    const send = await call(t.app, security.sendSmsCode, { purpose: 'bind', mobile }, { token: bob, ip: uniqueIp() });
    expect(send).toMatchObject({ code: 409, msg: '该手机号已绑定其他账号', data: { field: 'mobile' } });
    expect(await mobileOf(bob)).toBeNull();
  });

  it('two players binding one mobile: the first to bind keeps it', async () => {
    const alice = await player();
    const bob = await player();
    const mobile = uniqueMobile();
    const aliceCode = await sendAndRead(t, alice, { purpose: 'bind', mobile }, mobile);
    t.clock.advance(61_000);
    const bobCode = await sendAndRead(t, bob, { purpose: 'bind', mobile }, mobile);
    expect((await call(t.app, security.bindMobile, { mobile, code: aliceCode }, { token: alice })).code).toBe(200);
    const late = await call(t.app, security.bindMobile, { mobile, code: bobCode }, { token: bob });
    expect(late).toMatchObject({ code: 409, msg: '该手机号已绑定其他账号' });
    expect(await mobileOf(bob)).toBeNull();
  });

  it('changes the mobile with the old mobile’s code and the new one’s', async () => {
    const token = await player();
    const old = await uniqueMobile();
    await bindTestMobile(t, token, old);
    const next = uniqueMobile();
    const oldCode = await sendAndRead(t, token, { purpose: 'change' }, old);
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile: next }, next);

    const wrongOld = await call(
      t.app,
      security.changeMobile,
      { oldCode: otherCode(oldCode), mobile: next, code },
      { token },
    );
    expect(wrongOld).toMatchObject({ code: 400, msg: '验证码错误，还可尝试 4 次', data: { field: 'oldCode' } });
    const wrongNew = await call(
      t.app,
      security.changeMobile,
      { oldCode, mobile: next, code: otherCode(code) },
      { token },
    );
    expect(wrongNew).toMatchObject({ code: 400, data: { field: 'code' } });
    expect(await mobileOf(token)).toBe(masked(old));

    const done = await call(t.app, security.changeMobile, { oldCode, mobile: next, code }, { token });
    expect(done).toMatchObject({ code: 200, data: { mobile: masked(next) } });
    expect(await mobileOf(token)).toBe(masked(next));
    // The old mobile is free again for someone else.
    const other = await player();
    t.clock.advance(61_000);
    await bindTestMobile(t, other, old);
    expect(await mobileOf(other)).toBe(masked(old));
  });

  it('a change needs a bound mobile, and a new mobile that is not taken', async () => {
    const token = await player();
    const none = await call(t.app, security.sendSmsCode, { purpose: 'change' }, { token, ip: uniqueIp() });
    expect(none).toMatchObject({ code: 422, msg: '请先绑定手机号' });

    const mine = uniqueMobile();
    await bindTestMobile(t, token, mine);
    const taken = uniqueMobile();
    await bindTestMobile(t, await player(), taken);
    const oldCode = await sendAndRead(t, token, { purpose: 'change' }, mine);
    const res = await call(t.app, security.changeMobile, { oldCode, mobile: taken, code: '123456' }, { token });
    expect(res).toMatchObject({ code: 409, msg: '该手机号已绑定其他账号' });
    const same = await call(t.app, security.changeMobile, { oldCode, mobile: mine, code: '123456' }, { token });
    expect(same).toMatchObject({ code: 400, data: { field: 'mobile' } });
    expect(await mobileOf(token)).toBe(masked(mine));
  });
});

describe('fund password reset by SMS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sets a new fund password with the bound mobile’s code and lifts the lockout', async () => {
    const p = await newTestPlayer(t);
    const mobile = uniqueMobile();
    await bindTestMobile(t, p.token, mobile);
    const accountId = await bindUsdt(t, p);
    // Five wrong fund passwords lock withdrawals and account changes.
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, withdrawals.deleteAccount, { id: accountId, fundPassword: '000000' }, { token: p.token });
    }
    const locked = await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token });
    expect(locked.data.locked).not.toBeNull();

    const code = await sendAndRead(t, p.token, { purpose: 'fund' }, mobile);
    const wrong = await call(
      t.app,
      security.resetFundPassword,
      { code: otherCode(code), fundPassword: '246810' },
      { token: p.token },
    );
    expect(wrong).toMatchObject({ code: 400, data: { field: 'code' } });
    const done = await call(t.app, security.resetFundPassword, { code, fundPassword: '246810' }, { token: p.token });
    expect(done.code).toBe(200);

    expect((await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.locked).toBeNull();
    const oldOne = await call(
      t.app,
      withdrawals.deleteAccount,
      { id: accountId, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(oldOne).toMatchObject({ code: 400, data: { field: 'fundPassword' } });
    const newOne = await call(
      t.app,
      withdrawals.deleteAccount,
      { id: accountId, fundPassword: '246810' },
      { token: p.token },
    );
    expect(newOne.code).toBe(200);
  });

  it('sets a first fund password too; needs a bound mobile; the code is the player’s own', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const none = await call(
      t.app,
      security.resetFundPassword,
      { code: '123456', fundPassword: '246810' },
      { token: p.token },
    );
    expect(none).toMatchObject({ code: 422, msg: '请先绑定手机号' });

    const mobile = uniqueMobile();
    await bindTestMobile(t, p.token, mobile);
    const code = await sendAndRead(t, p.token, { purpose: 'fund' }, mobile);
    // Another player (with a mobile of their own) cannot use it.
    const other = await newTestPlayer(t);
    await bindTestMobile(t, other.token, uniqueMobile());
    const stolen = await call(
      t.app,
      security.resetFundPassword,
      { code, fundPassword: '111111' },
      { token: other.token },
    );
    expect(stolen.code).toBe(400);

    expect(
      (await call(t.app, security.resetFundPassword, { code, fundPassword: '246810' }, { token: p.token })).code,
    ).toBe(200);
    expect((await call(t.app, auth.userInfo, {}, { token: p.token })).data.hasFundPassword).toBe(true);
    const bad = await call(t.app, security.resetFundPassword, { code, fundPassword: '12345' }, { token: p.token });
    expect(bad).toMatchObject({ code: 400, data: { field: 'fundPassword' } });
  });
});
