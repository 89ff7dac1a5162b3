import { describe, expect, it } from 'vitest';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from './amount';

describe('amount input', () => {
  it('parses yuan with up to two decimals into minor units', () => {
    expect(parseAmountInput('100')).toBe(10000);
    expect(parseAmountInput('100.5')).toBe(10050);
    expect(parseAmountInput('0.01')).toBe(1);
    expect(parseAmountInput('1.234')).toBeNull();
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('-1')).toBeNull();
    expect(parseAmountInput('abc')).toBeNull();
  });
  it('formats minor units back and cleans typing', () => {
    expect(toAmountInput(10000)).toBe('100');
    expect(toAmountInput(10005)).toBe('100.05');
    expect(cleanAmountTyping('1a2.345')).toBe('12.34');
    expect(cleanAmountTyping('1.2.3')).toBe('1.23');
  });
});
