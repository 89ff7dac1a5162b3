import { describe, expect, it } from 'vitest';
import { ratesToTexts, readRates } from './rates';

const own = { rates: { taiqiu: 120, slots: 80, poker: 50 }, dividendRatioBp: 3000 };

describe('rate inputs', () => {
  it('percentages with up to two decimals become basis points; the ratio is read for agents only', () => {
    const texts = { taiqiu: '1.2', slots: '0.05', poker: '0', dividendRatioBp: '12.5' };
    expect(readRates(texts, own, true, 'zh-CN')).toEqual({
      value: { rates: { taiqiu: 120, slots: 5, poker: 0 }, dividendRatioBp: 1250 },
      errors: {},
    });
    expect(readRates({ ...texts, dividendRatioBp: 'x' }, own, false, 'zh-CN').value).toEqual({
      rates: { taiqiu: 120, slots: 5, poker: 0 },
      dividendRatioBp: 0,
    });
    expect(ratesToTexts(own.rates, own.dividendRatioBp)).toEqual({
      taiqiu: '1.20',
      slots: '0.80',
      poker: '0.50',
      dividendRatioBp: '30',
    });
  });

  it('refuses what is above my own, empty, or more precise than 0.01 %', () => {
    const r = readRates({ taiqiu: '1.21', slots: '', poker: '0.125', dividendRatioBp: '30.01' }, own, true, 'en');
    expect(r.value).toBeNull();
    expect(r.errors).toEqual({
      taiqiu: 'The Billiards rate cannot be above your own 1.20%',
      slots: 'is required',
      poker: expect.any(String),
      dividendRatioBp: 'The dividend ratio cannot be above your own 30.00%',
    });
  });
});
