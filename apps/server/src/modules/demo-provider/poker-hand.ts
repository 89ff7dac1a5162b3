/*
 * Cards and Texas hold'em hand values. A card is 0–51: rank 2–14 (ace high) = ⌊card / 4⌋ + 2,
 * suit = card mod 4 (spades, hearts, diamonds, clubs). A hand's value is one number, larger for
 * a better hand: category × 15⁵ + its ranks in the order they count, so equal values split.
 */

const RANK_TEXT = '23456789TJQKA';
const SUIT_TEXT = 'shdc';

export const rankOf = (card: number): number => (card >> 2) + 2;
export const suitOf = (card: number): number => card & 3;

/** "As", "Td", "9c"… */
export const cardText = (card: number): string => RANK_TEXT[rankOf(card) - 2]! + SUIT_TEXT[suitOf(card)]!;

export const CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;
export type HandCategory = (typeof CATEGORIES)[number];

const PLACES = 15 ** 5;

function value(category: number, ranks: readonly number[]): number {
  let v = category;
  for (let i = 0; i < 5; i += 1) v = v * 15 + (ranks[i] ?? 0);
  return v;
}

/** The top rank of the highest five-card run among these ranks (the ace also counts low), or 0. */
function straightHigh(ranks: readonly number[]): number {
  let mask = 0;
  for (const r of ranks) mask |= 1 << r;
  if (mask & (1 << 14)) mask |= 1 << 1;
  for (let high = 14; high >= 5; high -= 1) {
    const run = 0b11111 << (high - 4);
    if ((mask & run) === run) return high;
  }
  return 0;
}

/** The value of the best five-card hand among these 5 to 7 cards. */
export function handValue(cards: readonly number[]): number {
  const counts = new Array<number>(15).fill(0);
  const bySuit: number[][] = [[], [], [], []];
  for (const card of cards) {
    counts[rankOf(card)]! += 1;
    bySuit[suitOf(card)]!.push(rankOf(card));
  }
  const flush = bySuit.find((ranks) => ranks.length >= 5)?.sort((a, b) => b - a);
  const flushHigh = flush ? straightHigh(flush) : 0;
  if (flushHigh) return value(8, [flushHigh]);

  const ranks = [...new Set(cards.map(rankOf))].sort((a, b) => b - a);
  const [first, second] = [...ranks].sort((a, b) => counts[b]! - counts[a]! || b - a);
  /** The n highest ranks besides the used ones. */
  const kickers = (n: number, ...used: number[]) => ranks.filter((r) => !used.includes(r)).slice(0, n);
  const [n1, n2] = [counts[first!]!, second === undefined ? 0 : counts[second]!];
  if (n1 === 4) return value(7, [first!, ...kickers(1, first!)]);
  if (n1 === 3 && n2 >= 2) return value(6, [first!, second!]);
  if (flush) return value(5, flush);
  const high = straightHigh(ranks);
  if (high) return value(4, [high]);
  if (n1 === 3) return value(3, [first!, ...kickers(2, first!)]);
  if (n1 === 2 && n2 === 2) return value(2, [first!, second!, ...kickers(1, first!, second!)]);
  if (n1 === 2) return value(1, [first!, ...kickers(3, first!)]);
  return value(0, ranks);
}

export const categoryOf = (handValue: number): HandCategory => CATEGORIES[Math.floor(handValue / PLACES)]!;
