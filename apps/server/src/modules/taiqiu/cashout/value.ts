import { parlay } from '@breakshot/contracts';

/*
 * What a bet is worth now (docs/design.md §9, "Cash-out"): the return its stake may expect at the
 * model's fair chances, less the operator's cash-out margin. Legs are on different matches, so a
 * combination's expected return is its unit times the product of its legs' expected multipliers:
 * odds for a leg won, 1 void, 0 lost, and for an open leg P(win) × odds + P(void).
 */

/** A leg as it stands: decided, or open at its selection's fair chances. */
export type LegNow =
  | { oddsMilli: number; result: 'won' | 'lost' | 'void' }
  | { oddsMilli: number; result: null; win: number; void: number };

/** The bet's terms: a single's stake on one leg, or a parlay's unit stake and system. */
export type Terms = { kind: 'single'; stake: number } | { kind: 'parlay'; unit: number; sizes: number[] };

/** A leg's expected multiplier of its stake. */
function expectedMultiplier(leg: LegNow): number {
  const odds = leg.oddsMilli / 1000;
  if (leg.result === 'won') return odds;
  if (leg.result === 'void') return 1;
  if (leg.result === 'lost') return 0;
  return 'win' in leg ? leg.win * odds + leg.void : 0;
}

/** The whole stake's expected return at fair chances (a float: rounded once, in valueOf). */
export function fairReturn(terms: Terms, legs: readonly LegNow[]): number {
  const multipliers = legs.map(expectedMultiplier);
  if (terms.kind === 'single') return terms.stake * multipliers[0]!;
  return parlay
    .combinationsOf(legs.length, terms.sizes)
    .reduce((sum, combo) => sum + combo.reduce((product, i) => product * multipliers[i]!, terms.unit), 0);
}

/**
 * The running stake's cash-out value, whole minor units: its share of the fair return, less
 * `marginBp`, rounded down.
 */
export function valueOf(fair: number, stake: number, running: number, marginBp: number): number {
  return Math.max(0, Math.floor((fair * running * (10_000 - marginBp)) / (stake * 10_000)));
}

/** What a part of the running stake is paid of the running stake's value: its share, rounded down. */
export const partValue = (value: number, running: number, part: number) =>
  Number((BigInt(value) * BigInt(part)) / BigInt(running));

/** A cashed-out part's valid bet (有效投注): what it won or lost, at most the part. */
export const partValidBet = (part: number, paid: number) => Math.min(part, Math.abs(paid - part));
