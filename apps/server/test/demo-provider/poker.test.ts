import { describe, expect, it } from 'vitest';
import { floats, newCommitment } from '../../src/platform/fair.js';
import { cardText, categoryOf, handValue } from '../../src/modules/demo-provider/poker-hand.js';
import {
  dealFrom,
  drawDeal,
  insurancePayout,
  MAX_OUTS,
  villainHits,
} from '../../src/modules/demo-provider/insurance.js';

/** The card of a text as cardText writes it ("As", "Td"). */
function parseCard(text: string): number {
  const card = Array.from({ length: 52 }, (_, c) => c).find((c) => cardText(c) === text);
  if (card === undefined) throw new Error(`not a card: ${text}`);
  return card;
}

const hand = (text: string) => handValue(text.split(' ').map(parseCard));
const sorted = (cards: number[]) => [...cards].sort((a, b) => a - b);

describe('hold’em hand values', () => {
  it('names the best five of seven cards', () => {
    expect(categoryOf(hand('As Ks Qs Js Ts 2d 3c'))).toBe('straight-flush');
    expect(categoryOf(hand('Ah 2h 3h 4h 5h Kd Kc'))).toBe('straight-flush');
    expect(categoryOf(hand('9c 9d 9h 9s 2c 3d 4h'))).toBe('four-of-a-kind');
    expect(categoryOf(hand('9c 9d 9h 4s 4c 3d 2h'))).toBe('full-house');
    expect(categoryOf(hand('9c 9d 9h 4s 4c 4d 2h'))).toBe('full-house');
    expect(categoryOf(hand('2c 7c 9c Jc Kc Ad Ah'))).toBe('flush');
    expect(categoryOf(hand('Ad 2c 3h 4s 5d Kc Qh'))).toBe('straight');
    expect(categoryOf(hand('Ts Jd Qc Kh Ad 2c 2h'))).toBe('straight');
    expect(categoryOf(hand('7c 7d 7h As Kc 3d 2h'))).toBe('three-of-a-kind');
    expect(categoryOf(hand('7c 7d 5h 5s Kc Kd 2h'))).toBe('two-pair');
    expect(categoryOf(hand('7c 7d 5h 4s Kc Jd 2h'))).toBe('pair');
    expect(categoryOf(hand('7c 9d 5h 4s Kc Jd 2h'))).toBe('high-card');
  });

  it('orders hands as the rules do, kickers included', () => {
    expect(hand('As Ks Qs Js Ts')).toBeGreaterThan(hand('9c 9d 9h 9s Ac'));
    expect(hand('6h 2h 3h 4h 5h')).toBeGreaterThan(hand('Ah 2h 3h 4h 5h'));
    expect(hand('Ad 2c 3h 4s 5d')).toBeLessThan(hand('2d 3c 4h 5s 6d'));
    expect(hand('Ac Ad Kh Ks 9c')).toBeGreaterThan(hand('Ac Ad Kh Ks 8c'));
    expect(hand('Ac Ad 7h 5s 3c')).toBeGreaterThan(hand('Ac Ad 7h 5s 2c'));
    expect(hand('Kc Kd Kh 2s 2c')).toBeGreaterThan(hand('Qc Qd Qh As Ac'));
    expect(hand('2c 7c 9c Jc Ac')).toBeGreaterThan(hand('2d 7d 9d Jd Kd'));
    // The board plays: the fifth card beyond the best five does not count.
    expect(hand('Ac Ad Ah As Kc Qd 2h')).toBe(hand('Ac Ad Ah As Kc 3d 2h'));
    expect(hand('Kc Kd 7h 7s 5c 5d Ah')).toBe(hand('Kc Kd 7h 7s 2c 3d Ah'));
    expect(hand('Kc Kd 7h 7s 5c 5d 2h')).toBeGreaterThan(hand('Kc Kd 7h 7s 4c 3d 2h'));
  });
});

describe('the insurance deal', () => {
  it('deals the leader on the turn as the hero, and counts the villain’s outs', () => {
    // A deck order that deals Ah Ad | Kh Kd | 2c 7s 9d Jc | river: the kings need one of two kings.
    const order = ['Kh', 'Kd', 'Ah', 'Ad', '2c', '7s', '9d', 'Jc', 'Ks'].map(parseCard);
    const deck = Array.from({ length: 52 }, (_, c) => c);
    const xs = order.map((card, i) => {
      const j = deck.indexOf(card);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      return (j - i + 0.5) / (52 - i);
    });
    const deal = dealFrom(xs)!;
    expect(sorted(deal.hero)).toEqual(sorted(['Ah', 'Ad'].map(parseCard)));
    expect(sorted(deal.villain)).toEqual(sorted(['Kh', 'Kd'].map(parseCard)));
    expect(deal.outs).toEqual(sorted(['Ks', 'Kc'].map(parseCard)));
    expect(deal.river).toBe(parseCard('Ks'));
    expect(villainHits(deal)).toBe(true);
  });

  it('always deals an insurable hand from a seed, with the river among the unseen cards', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const { serverSeed } = newCommitment();
      const deal = drawDeal(serverSeed, 'client', nonce);
      const cards = [...deal.hero, ...deal.villain, ...deal.board, deal.river];
      expect(new Set(cards).size).toBe(9);
      expect(deal.outs.length).toBeGreaterThanOrEqual(1);
      expect(deal.outs.length).toBeLessThanOrEqual(MAX_OUTS);
      expect(handValue([...deal.hero, ...deal.board])).toBeGreaterThan(handValue([...deal.villain, ...deal.board]));
      const villainWins =
        handValue([...deal.villain, ...deal.board, deal.river]) > handValue([...deal.hero, ...deal.board, deal.river]);
      expect(villainHits(deal)).toBe(villainWins);
      // Recomputed from the revealed seed: the same deal.
      expect(drawDeal(serverSeed, 'client', nonce)).toEqual(deal);
    }
  });

  it('takes the first insurable block of nine numbers', () => {
    const { serverSeed } = newCommitment();
    const deal = drawDeal(serverSeed, 'c', 1);
    const xs = floats(serverSeed, 'c', 1, 9 * 50);
    let first = 0;
    while (!dealFrom(xs.slice(first * 9, first * 9 + 9))) first += 1;
    expect(dealFrom(xs.slice(first * 9, first * 9 + 9))).toEqual(deal);
  });

  it('pays premium × odds plus the premium back', () => {
    expect(insurancePayout(1000, 1)).toBe(1000 + 30_000);
    expect(insurancePayout(200, 8)).toBe(200 + 700);
    expect(insurancePayout(500, 14)).toBe(500 + 800);
  });
});
