import { describe, expect, it } from 'vitest';
import { potentialReturn, quickStakes, stakeError } from './bet-math';

describe('bet slip arithmetic', () => {
  it('potential return is floor(stake × odds) in integers, as the server computes it', () => {
    // 100 × 1.15 is 114.99999999999999 in floating point; the return is 115.
    expect(potentialReturn(100, 1.15)).toBe(115);
    expect(potentialReturn(1234, 1.95)).toBe(2406); // 2406.3 → 2406
    expect(potentialReturn(1001, 1.005)).toBe(1006); // 1006.005 → 1006
    expect(potentialReturn(1000, 2)).toBe(2000);
    expect(Number.isInteger(potentialReturn(333, 1.777))).toBe(true);
  });

  it('stake errors: empty, format, below min, above max, above balance', () => {
    const limits = { minStake: 1_000, maxStake: 50_000 };
    expect(stakeError(null, '', limits, 100_000)).toBe('required');
    expect(stakeError(null, 'abc', limits, 100_000)).toBe('format');
    expect(stakeError(0, '0', limits, 100_000)).toBe('format');
    expect(stakeError(999, '9.99', limits, 100_000)).toBe('min');
    expect(stakeError(1_000, '10', limits, 100_000)).toBeNull();
    expect(stakeError(50_000, '500', limits, 100_000)).toBeNull();
    expect(stakeError(50_001, '500.01', limits, 100_000)).toBe('max');
    expect(stakeError(20_000, '200', limits, 19_999)).toBe('balance');
    expect(stakeError(20_000, '200', limits, null)).toBeNull();
  });

  it('quick chips stay within the limits', () => {
    expect(quickStakes({ minStake: 1_000, maxStake: 1_000_000 })).toEqual([1_000, 5_000, 10_000, 50_000]);
    expect(quickStakes({ minStake: 5_000, maxStake: 20_000 })).toEqual([5_000, 10_000]);
  });
});
