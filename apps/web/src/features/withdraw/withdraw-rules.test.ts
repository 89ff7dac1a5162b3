import { describe, expect, it } from 'vitest';
import { feeWaiverState, withdrawAmountError, withdrawFee } from './withdraw-rules';

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
