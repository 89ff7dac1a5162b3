import { floats } from '../../platform/fair.js';
import { handValue } from './poker-hand.js';

/*
 * 德州保险 / Hold'em Insurance: two players all in on the turn. The player holds the leading hand
 * (the hero); the other (the villain) wins only if the river is one of their outs. The player may
 * insure against that: a premium is lost if the river misses, and pays premium × odds plus the
 * premium back if it hits. Odds follow the usual club table by the number of outs, below the
 * fair odds (44 − outs) : outs, so the house keeps an edge.
 */

/** Premium presets in cents. */
export const PREMIUMS = [100, 200, 500, 1000, 2000] as const;

/** Odds × 10 by the villain's outs, 1 to 14 (1 out: 1:30 … 14 outs: 1:1.6); more outs are not insured. */
export const ODDS_TENTHS = [300, 160, 100, 80, 60, 50, 40, 35, 30, 25, 22, 20, 18, 16] as const;
export const MAX_OUTS = ODDS_TENTHS.length;

/** Cards a deal takes from the deck: 2 + 2 hole cards, 4 on the board, the river. */
const DEALT = 9;
const DECK = 52;

export interface InsuranceDeal {
  hero: number[];
  villain: number[];
  /** The flop and the turn. */
  board: number[];
  river: number;
  /** The unseen cards (44) on which the villain's hand beats the hero's, ascending. */
  outs: number[];
}

/**
 * One deal from nine numbers in [0, 1): the first nine cards of a Fisher–Yates shuffle, hole
 * cards to the first and second player, then the board and the river. The leader on the turn is
 * the hero. Null when the turn is a tie or the trailing hand has no outs or more than MAX_OUTS.
 */
export function dealFrom(xs: readonly number[]): InsuranceDeal | null {
  const deck = Array.from({ length: DECK }, (_, card) => card);
  for (let i = 0; i < DEALT; i += 1) {
    const j = i + Math.floor(xs[i]! * (DECK - i));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const [a, b] = [deck.slice(0, 2), deck.slice(2, 4)];
  const board = deck.slice(4, 8);
  const [va, vb] = [handValue([...a, ...board]), handValue([...b, ...board])];
  if (va === vb) return null;
  const [hero, villain] = va > vb ? [a, b] : [b, a];
  const seen = new Set([...hero, ...villain, ...board]);
  const outs = Array.from({ length: DECK }, (_, card) => card).filter(
    (card) => !seen.has(card) && handValue([...villain, ...board, card]) > handValue([...hero, ...board, card]),
  );
  if (outs.length === 0 || outs.length > MAX_OUTS) return null;
  return { hero, villain, board, river: deck[8]!, outs };
}

/**
 * The deal of a round: nine numbers at a time from HMAC-SHA256(seed, `${clientSeed}:${nonce}:…`)
 * (floats of platform/fair.ts, in order) until one gives an insurable deal. The river is the ninth
 * card of the accepted deal, so it is drawn uniformly from the 44 unseen cards.
 */
export function drawDeal(serverSeed: string, clientSeed: string, nonce: number): InsuranceDeal {
  let xs: number[] = [];
  for (let attempt = 0; ; attempt += 1) {
    const end = (attempt + 1) * DEALT;
    if (xs.length < end) xs = floats(serverSeed, clientSeed, nonce, end * 2);
    const deal = dealFrom(xs.slice(end - DEALT, end));
    if (deal) return deal;
  }
}

export const oddsTenths = (outs: number): number => ODDS_TENTHS[outs - 1]!;

/** What an insurance of this premium pays when the villain hits: premium × odds, plus the premium. */
export const insurancePayout = (premium: number, outs: number): number =>
  premium + Math.floor((premium * oddsTenths(outs)) / 10);

/** Whether the river gives the villain the pot. */
export const villainHits = (deal: InsuranceDeal): boolean => deal.outs.includes(deal.river);
