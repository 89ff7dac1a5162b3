import { describe, expect, it } from 'vitest';
import type { withdrawals } from '@breakshot/contracts';
import { ApiError } from '../../lib/http';
import { feeWaiverState, lockAfter, withdrawAmountError, withdrawFee, withdrawView } from './use-withdraw-form';

const rules = { minAmount: 10_000, maxAmount: 1_000_000, withdrawable: 300_000, feeRateBps: 150, feeMinAmount: 200 };

describe('withdrawal fee and net (as the server computes them)', () => {
  it('fee = max(amount × rate rounded down, minimum); net = amount − fee', () => {
    expect(withdrawFee(100_000, rules)).toEqual({ fee: 1_500, net: 98_500 });
    expect(withdrawFee(10_000, rules)).toEqual({ fee: 200, net: 9_800 }); // 150 < minimum 200
    expect(withdrawFee(13_333, rules)).toEqual({ fee: 200, net: 13_133 });
    expect(withdrawFee(33_333, rules)).toEqual({ fee: 499, net: 32_834 }); // 499.995 rounded down
  });
  it('amount checks: min, max, withdrawable, fee', () => {
    expect(withdrawAmountError('100', rules, '¥')).toBeNull();
    expect(withdrawAmountError('99', rules, '¥')).toBe('单笔最低取款 ¥100.00');
    expect(withdrawAmountError('10001', rules, '¥')).toBe('单笔最高取款 ¥10,000.00');
    expect(withdrawAmountError('3000.01', rules, '¥')).toBe('超过可提款金额 ¥3,000.00');
    expect(withdrawAmountError('1', { ...rules, minAmount: 100, feeMinAmount: 100 }, '¥')).toBe('金额不足以支付手续费');
  });
  it("this week's fee waiver: free withdrawals once the valid bet is reached, none to pay under it", () => {
    const fw = { freeWithdrawals: 3, used: 1, validBet: 50_000, minValidBet: 50_000 };
    expect(feeWaiverState({ ...rules, feeWaiver: null })).toBeNull();
    expect(feeWaiverState({ ...rules, feeWaiver: fw })).toEqual({ kind: 'free', left: 2, total: 3 });
    expect(feeWaiverState({ ...rules, feeWaiver: { ...fw, validBet: 20_000 } })).toEqual({
      kind: 'bet',
      needed: 30_000,
    });
    expect(feeWaiverState({ ...rules, feeWaiver: { ...fw, used: 3 } })).toEqual({ kind: 'used', total: 3 });
    // Withdrawals without a fee: nothing to waive, nothing said.
    expect(feeWaiverState({ ...rules, feeRateBps: 0, feeMinAmount: 0, feeWaiver: fw })).toBeNull();
    expect(withdrawFee(100_000, { ...rules, feeWaived: true })).toEqual({ fee: 0, net: 100_000 });
    // Under the waiver a small amount no longer fails to cover the fee.
    const small = { ...rules, minAmount: 100, feeMinAmount: 100 };
    expect(withdrawAmountError('1', { ...small, feeWaived: true }, '¥')).toBeNull();
  });
});

const config = {
  ...rules,
  balance: 300_000,
  frozen: 0,
  dailyCount: 3,
  usedToday: 1,
  turnover: { required: 100_000, done: 40_000, left: 60_000 },
  hasFundPassword: true,
  locked: null,
  feeWaiver: null,
  kycRequiredAmount: 0,
  kycStatus: 'none' as const,
};
const acct = (id: number, type: withdrawals.WithdrawAccount['type'], isDefault = false) =>
  ({ id, type, isDefault, masked: '****0001', createdAt: '2026-03-01T00:00:00Z' }) as withdrawals.WithdrawAccount;
const input = { accountId: null, amountText: '', fundPassword: '', lockedUntil: null, now: 0, symbol: '¥' };

describe('the withdraw form as the player sees it', () => {
  it('lists accounts by method (USDT first) and preselects the default method’s default account; a pick wins', () => {
    const accounts = {
      list: [acct(1, 'alipay'), acct(2, 'bank'), acct(3, 'bank', true), acct(4, 'usdt')],
      defaultType: 'bank',
    };
    const view = withdrawView(config, accounts, input);
    expect(view.list.map((a) => a.id)).toEqual([4, 2, 3, 1]);
    expect(view.account?.id).toBe(3);
    expect(withdrawView(config, accounts, { ...input, accountId: 1 }).account?.id).toBe(1);
    expect(
      withdrawView(config, { list: [acct(1, 'alipay'), acct(2, 'bank', true)], defaultType: null }, input).account?.id,
    ).toBe(2);
  });

  it('times left today, turnover done as a percentage, and the amount and fund password checked', () => {
    const accounts = { list: [acct(1, 'bank')], defaultType: null };
    const view = withdrawView(config, accounts, { ...input, amountText: '99', fundPassword: '12345' });
    expect(view).toMatchObject({ timesLeft: 2, turnoverPct: 40, amount: 9_900, blocked: false });
    expect(view.amountError).toBe('单笔最低取款 ¥100.00');
    expect(view.passwordError).toBe('请输入资金密码');
    const ok = withdrawView(config, accounts, { ...input, amountText: '100', fundPassword: '123456' });
    expect([ok.amountError, ok.passwordError]).toEqual([null, null]);
    expect(withdrawView({ ...config, turnover: { required: 0, done: 0, left: 0 } }, accounts, input).turnoverPct).toBe(
      100,
    );
  });

  it('submitting is blocked without a fund password, an account, times left, or while locked', () => {
    const accounts = { list: [acct(1, 'bank')], defaultType: null };
    expect(withdrawView({ ...config, hasFundPassword: false }, accounts, input).blocked).toBe(true);
    expect(withdrawView(config, { list: [], defaultType: null }, input).blocked).toBe(true);
    expect(withdrawView({ ...config, usedToday: 3 }, accounts, input).timesLeft).toBe(0);
    expect(withdrawView({ ...config, usedToday: 4 }, accounts, input).blocked).toBe(true);
    // The server's lock, then the one a refused request started, counted down from now.
    expect(withdrawView({ ...config, locked: { retryAfter: 600 } }, accounts, input)).toMatchObject({
      lockSeconds: 600,
      blocked: true,
    });
    const locked = { ...input, lockedUntil: 90_500, now: 0 };
    expect(withdrawView(config, accounts, locked)).toMatchObject({ lockSeconds: 91, blocked: true });
    expect(withdrawView(config, accounts, { ...locked, now: 91_000 })).toMatchObject({
      lockSeconds: 0,
      blocked: false,
    });
  });

  it('the fee waiver makes the fee rule free', () => {
    const fw = { freeWithdrawals: 3, used: 1, validBet: 50_000, minValidBet: 50_000 };
    expect(withdrawView({ ...config, feeWaiver: fw }, { list: [], defaultType: null }, input).rules.feeWaived).toBe(
      true,
    );
    expect(withdrawView(config, { list: [], defaultType: null }, input).rules.feeWaived).toBe(false);
  });
});

describe('too many wrong fund passwords (429)', () => {
  it('locks for the seconds the server says, 15 minutes when it says none; other failures lock nothing', () => {
    expect(lockAfter(new ApiError(429, 'locked', { retryAfter: 120 }))).toBe(120);
    expect(lockAfter(new ApiError(429, 'locked'))).toBe(900);
    expect(lockAfter(new ApiError(422, 'wrong'))).toBeNull();
    expect(lockAfter(new TypeError('Failed to fetch'))).toBeNull();
  });
});
