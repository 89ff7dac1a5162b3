import { describe, expect, it } from 'vitest';
import { partError, partValue, percentPart, quoteDeadline } from './cashout-math';

describe('cash-out arithmetic', () => {
  it('a part gets its share of the value, rounded down, exactly beyond float precision', () => {
    expect(partValue(12_345, 5_000, 10_000)).toBe(6_172);
    expect(partValue(12_345, 3_000, 10_000)).toBe(3_703);
    expect(partValue(12_345, 10_000, 10_000)).toBe(12_345);
    // value × part is above 2^53 here: a float product would round it.
    const value = 900_000_000_007;
    const part = 999_999_999_999;
    const running = 1_000_000_000_000;
    expect(partValue(value, part, running)).toBe(Number((BigInt(value) * BigInt(part)) / BigInt(running)));
    expect(partValue(100, 0, 10_000)).toBe(0);
    expect(partValue(100, 10, 0)).toBe(0);
  });

  it('quick parts are floor(running × percent / 100)', () => {
    expect(percentPart(10_001, 25)).toBe(2_500);
    expect(percentPart(10_001, 50)).toBe(5_000);
    expect(percentPart(10_001, 75)).toBe(7_500);
  });

  it('a part must be typed, an amount, at most the running stake, and worth something', () => {
    const quote = { value: 50, runningStake: 10_000 };
    expect(partError(null, ' ', quote)).toBe('required');
    expect(partError(null, 'abc', quote)).toBe('format');
    expect(partError(0, '0', quote)).toBe('format');
    expect(partError(10_001, '100.01', quote)).toBe('tooLarge');
    expect(partError(100, '1', quote)).toBe('tooSmall');
    expect(partError(10_000, '100', quote)).toBeNull();
  });

  it('a quote runs to its expiresAt on this clock, or its whole life when the clocks disagree', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(quoteDeadline('2026-01-01T10:00:04Z', now, 5_000)).toBe(now + 4_000);
    expect(quoteDeadline('2026-01-01T09:59:50Z', now, 5_000)).toBe(now + 5_000);
    expect(quoteDeadline('2026-01-01T10:01:00Z', now, 5_000)).toBe(now + 5_000);
    expect(quoteDeadline('not a time', now, 5_000)).toBe(now + 5_000);
  });
});
