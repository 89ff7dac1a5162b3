import { describe, expect, it } from 'vitest';
import { defaultTotalLine, finalScores, MARGIN, outcomeOf, priceMarket } from '../../src/modules/taiqiu/pricing.js';

describe('pricing', () => {
  it('final scores from any score add up to 1 and end with one side on the frames needed', () => {
    for (const bestOf of [5, 7, 9, 11]) {
      const need = (bestOf + 1) / 2;
      const finals = finalScores(0.57, bestOf, { a: 1, b: 2 });
      expect(finals.reduce((s, f) => s + f.prob, 0)).toBeCloseTo(1, 12);
      for (const f of finals) expect(f.score.a === need || f.score.b === need).toBe(true);
    }
  });

  it('odds carry the margin: implied chances of a two-way market add up to about 1 + margin', () => {
    for (const [type, line] of [
      ['winner', null],
      ['handicap', -1.5],
      ['total', 7.5],
      ['oddeven', null],
      ['handicap', -2],
    ] as const) {
      const price = priceMarket(type, line, 0.55, 9, { a: 0, b: 0 });
      const implied = Object.values(price.odds).reduce((s, o) => s + 1000 / o, 0);
      expect(implied).toBeGreaterThan(1 + MARGIN - 0.02);
      expect(implied).toBeLessThan(1 + MARGIN + 0.02);
      for (const o of Object.values(price.odds)) expect(o % 10).toBe(0);
    }
  });

  it('odds follow the score and a settled outcome closes the market', () => {
    const before = priceMarket('winner', null, 0.5, 7, { a: 0, b: 0 });
    const ahead = priceMarket('winner', null, 0.5, 7, { a: 3, b: 0 });
    expect(ahead.odds.a!).toBeLessThan(before.odds.a!);
    expect(ahead.odds.b!).toBeGreaterThan(before.odds.b!);
    expect(priceMarket('total', 4.5, 0.5, 7, { a: 3, b: 2 }).decided).toBe(true);
    expect(priceMarket('winner', null, 0.5, 7, { a: 3, b: 2 }).decided).toBe(false);
  });

  it('outcomes: winner, handicap with pushes, total with pushes, odd/even', () => {
    expect(outcomeOf('winner', null, 'a', { a: 4, b: 3 })).toBe('won');
    expect(outcomeOf('handicap', -1.5, 'a', { a: 4, b: 3 })).toBe('lost');
    expect(outcomeOf('handicap', -1, 'b', { a: 4, b: 3 })).toBe('void');
    expect(outcomeOf('handicap', 2, 'a', { a: 2, b: 4 })).toBe('void');
    expect(outcomeOf('total', 7, 'over', { a: 4, b: 3 })).toBe('void');
    expect(outcomeOf('total', 6.5, 'under', { a: 4, b: 3 })).toBe('lost');
    expect(outcomeOf('oddeven', null, 'odd', { a: 4, b: 3 })).toBe('won');
    expect(defaultTotalLine(0.5, 7) % 1).toBe(0.5);
  });
});
