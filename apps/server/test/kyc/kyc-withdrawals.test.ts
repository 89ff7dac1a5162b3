import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import {
  FUND_PASSWORD,
  fund,
  newTestPlayer,
  readyWithdrawer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';
import { setRequiredAmount, submit, verify } from './helpers.js';

/*
 * Above the operator's amount a withdrawal needs an approved real name that is the account
 * holder's (docs/design.md §9, "KYC, as built"); a USDT address needs the approval only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());
afterEach(() => setRequiredAmount(t, 0));

const THRESHOLD = 50_000;

const withdraw = (p: TestPlayer, accountId: number, amount: number) =>
  call(t.app, withdrawals.addWithdraw, { fundPassword: FUND_PASSWORD, accountId, amount }, { token: p.token });

async function bindAlipay(p: TestPlayer, realName: string): Promise<number> {
  const res = await call(
    t.app,
    withdrawals.addAccount,
    { type: 'alipay', account: '13800138000', realName, fundPassword: FUND_PASSWORD },
    { token: p.token },
  );
  if (res.code !== 200) throw new Error(`addAccount failed: ${res.msg}`);
  return res.data.id;
}

async function alipayWithdrawer(holder: string) {
  const p = await newTestPlayer(t);
  await fund(t, p.username, 200_000);
  return { p, accountId: await bindAlipay(p, holder) };
}

describe('the KYC amount', () => {
  it('below or at it, a withdrawal needs no verification', async () => {
    await setRequiredAmount(t, THRESHOLD);
    const { p, accountId } = await readyWithdrawer(t);
    expect((await withdraw(p, accountId, THRESHOLD)).code).toBe(200);
  });

  it('above it, an unverified player is refused with the amount, and a pending one too; nothing is held', async () => {
    await setRequiredAmount(t, THRESHOLD);
    const { p, accountId } = await alipayWithdrawer('张三');
    const refused = await withdraw(p, accountId, THRESHOLD + 1);
    expect(refused).toMatchObject({ code: 422, msg: '提现金额超过 ¥500.00 需先完成实名认证' });
    await submit(t, p, '张三');
    expect((await withdraw(p, accountId, THRESHOLD + 1)).code).toBe(422);
    const config = await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token });
    expect(config.data).toMatchObject({ kycRequiredAmount: THRESHOLD, kycStatus: 'pending', frozen: 0 });
  });

  it('above it, refused when the account holder is not the verified name', async () => {
    await setRequiredAmount(t, THRESHOLD);
    const { p, accountId } = await alipayWithdrawer('李四');
    await verify(t, p, '张三');
    const refused = await withdraw(p, accountId, 60_000);
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('张三');
  });

  it('above it, goes through when verified and the holder matches; USDT needs the verification only', async () => {
    await setRequiredAmount(t, THRESHOLD);
    const { p, accountId } = await alipayWithdrawer('张三');
    await verify(t, p, '张三');
    expect((await withdraw(p, accountId, 60_000)).data).toMatchObject({ status: 'reviewing' });

    const usdt = await readyWithdrawer(t);
    expect((await withdraw(usdt.p, usdt.accountId, 60_000)).code).toBe(422);
    await verify(t, usdt.p, '王五');
    expect((await withdraw(usdt.p, usdt.accountId, 60_000)).code).toBe(200);
  });

  it('at 0 nothing is required', async () => {
    const { p, accountId } = await readyWithdrawer(t);
    expect((await withdraw(p, accountId, 90_000)).code).toBe(200);
  });
});
