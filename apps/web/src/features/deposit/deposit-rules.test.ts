import { describe, expect, it } from 'vitest';
import { depositAmountError, depositEstimate } from './deposit-rules';

const channel = { minAmount: 10_000, maxAmount: 5_000_000, feeRate: 100, bonusRate: 200 };

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
