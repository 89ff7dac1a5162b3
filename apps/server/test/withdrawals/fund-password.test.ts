import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, withdrawals } from '@breakshot/contracts';
import { LOCK_WINDOW_MS } from '../../src/modules/withdrawals/fund-password.js';
import { call, PASSWORD, type TestApp } from '../helpers/test-app.js';
import { bindUsdt, fund, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('fund password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(() => t.close());

  it('is set with the login password and shows in user/info', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    expect((await call(t.app, auth.userInfo, {}, { token: p.token })).data.hasFundPassword).toBe(false);
    const wrongLogin = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: 'nope12345', fundPassword: '111111' },
      { token: p.token },
    );
    expect(wrongLogin).toMatchObject({ code: 400, msg: '登录密码错误', data: { field: 'password' } });
    const set = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: '111111' },
      { token: p.token },
    );
    expect(set).toEqual({ code: 200, msg: 'ok', data: {} });
    expect((await call(t.app, auth.userInfo, {}, { token: p.token })).data.hasFundPassword).toBe(true);
  });

  it('must be 6 digits (400 naming the field)', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    for (const fundPassword of ['12345', '1234567', 'abcdef', 123456]) {
      const res = await call(
        t.app,
        withdrawals.setFundPassword,
        { password: PASSWORD, fundPassword },
        { token: p.token },
      );
      expect(res).toMatchObject({ code: 400, data: { field: 'fundPassword' } });
    }
    const en = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: '1' },
      { token: p.token, lang: 'en' },
    );
    expect(en.msg).toBe('Fund password: must be 6 digits');
  });

  it('a change needs the current fund password too', async () => {
    const p = await newTestPlayer(t);
    const missing = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: '222222' },
      { token: p.token },
    );
    expect(missing).toMatchObject({ code: 400, data: { field: 'oldFundPassword' } });
    const wrong = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: '222222', oldFundPassword: '000000' },
      { token: p.token },
    );
    expect(wrong).toMatchObject({ code: 400, msg: '资金密码错误，还可尝试 4 次', data: { field: 'oldFundPassword' } });
    const ok = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: '222222', oldFundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(ok.code).toBe(200);
    // The new one works, the old one no longer does.
    const add = (fundPassword: string) =>
      call(
        t.app,
        withdrawals.addAccount,
        { type: 'alipay', account: 'a@b.cn', realName: '张三', fundPassword },
        { token: p.token },
      );
    expect((await add(FUND_PASSWORD)).code).toBe(400);
    expect((await add('222222')).code).toBe(200);
  });

  it('five wrong attempts lock withdrawals and account changes for 15 minutes, even the right password', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 50_000);
    const withdraw = (fundPassword: string) =>
      call(t.app, withdrawals.addWithdraw, { accountId, amount: 10_000, fundPassword }, { token: p.token });
    for (let i = 1; i <= 4; i += 1) {
      expect(await withdraw('000000')).toMatchObject({ code: 400, data: { field: 'fundPassword' } });
    }
    const fifth = await withdraw('000000');
    expect(fifth.code).toBe(429);
    expect(fifth.msg).toBe('资金密码错误次数过多，请 15 分钟后再试');
    expect(fifth.data.retryAfter).toBe(15 * 60);

    t.clock.advance(5 * 60 * 1000);
    const right = await withdraw(FUND_PASSWORD);
    expect(right).toMatchObject({ code: 429, data: { retryAfter: 10 * 60 } });
    const account = await call(
      t.app,
      withdrawals.addAccount,
      { type: 'alipay', account: '13800138000', realName: '李四', fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(account.code).toBe(429);
    const config = await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token });
    expect(config.data.locked).toEqual({ retryAfter: 10 * 60 });
    const en = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 10_000, fundPassword: FUND_PASSWORD },
      { token: p.token, lang: 'en' },
    );
    expect(en.msg).toBe('Too many wrong fund passwords, try again in 10 minutes');

    t.clock.advance(LOCK_WINDOW_MS);
    expect((await withdraw(FUND_PASSWORD)).code).toBe(200);
    expect((await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.locked).toBeNull();
  });

  it('withdrawing or binding before setting one → 422', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const res = await call(
      t.app,
      withdrawals.addAccount,
      { type: 'usdt', network: 'ERC20', address: `0x${'a'.repeat(40)}`, fundPassword: '123456' },
      { token: p.token },
    );
    expect(res).toMatchObject({ code: 422, msg: '请先设置资金密码' });
  });
});
