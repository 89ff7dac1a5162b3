import { describe, expect, it } from 'vitest';
import { depositAmountError, depositEstimate, withdrawAmountError, withdrawFee } from './money-rules';

const channel = { minAmount: 10_000, maxAmount: 5_000_000, feeRate: 100, bonusRate: 200 };
const rules = { minAmount: 10_000, maxAmount: 1_000_000, withdrawable: 300_000, feeRateBps: 150, feeMinAmount: 200 };

describe('deposit amount limits (chongzhi)', () => {
  it('accepts amounts within the channel limits, refuses the rest with the range', () => {
    expect(depositAmountError('100', channel, '¥')).toBeNull();
    expect(depositAmountError('50000', channel, '¥')).toBeNull();
    expect(depositAmountError('99.99', channel, '¥')).toBe('充值金额须在 ¥100.00 至 ¥50,000.00 之间');
    expect(depositAmountError('50000.01', channel, '¥')).toBe('充值金额须在 ¥100.00 至 ¥50,000.00 之间');
    expect(depositAmountError('', channel, '¥')).toBe('请输入金额');
    expect(depositAmountError('1.234', channel, '¥')).toBe('请输入正确的金额（最多两位小数）');
  });
  it('estimates fee and bonus in basis points, rounded down', () => {
    expect(depositEstimate(12_345, channel)).toEqual({ fee: 123, bonus: 246, credited: 12_468 });
  });
});

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
});
