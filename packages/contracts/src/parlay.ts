/*
 * Parlays (串关): a slip of legs on different matches, each at the odds it was placed at, and a
 * system, the combination sizes the slip covers (N串1 is the one N-fold, 3串4 the three doubles
 * and the treble). Every combination is staked the same unit, so the slip stakes unit × M, M its
 * number of combinations. This file names the systems, lists their combinations and settles a
 * slip from its legs' results: pure arithmetic, exact in integers (odds ×1000, money in minor
 * units, products of odds in BigInt so no float ever rounds a payout).
 */

export const MIN_LEGS = 2;
export const MAX_LEGS = 10;

/** A leg's result; null while its match has not decided it. */
export type LegResult = 'won' | 'lost' | 'void' | null;

export interface ParlayLeg {
  oddsMilli: number;
  result: LegResult;
}

const ODDS_ONE = 1000n;
const LEG_RESULTS: readonly LegResult[] = ['won', 'lost', 'void', null];

/** Whether sizes is a system of a slip of `legs` legs: non-empty, strictly ascending, each an integer in 2..legs; legs in MIN_LEGS..MAX_LEGS. */
export function isSystem(legs: number, sizes: readonly number[]): boolean {
  if (!isLegCount(legs) || sizes.length === 0) return false;
  return sizes.every((k, i) => Number.isInteger(k) && k >= 2 && k <= legs && (i === 0 || k > sizes[i - 1]!));
}

/** M: the number of combinations (Σ C(legs, k) over sizes). */
export function comboCount(legs: number, sizes: readonly number[]): number {
  assertSystem(legs, sizes);
  return sizes.reduce((sum, k) => sum + binomial(legs, k), 0);
}

/** The combinations, each as ascending leg indexes (0-based), smaller sizes first, then lexicographic. */
export function combinationsOf(legs: number, sizes: readonly number[]): number[][] {
  assertSystem(legs, sizes);
  return sizes.flatMap((k) => combinationsOfSize(legs, k));
}

/** "3串4" (legs 串 comboCount). */
export function systemName(legs: number, sizes: readonly number[]): string {
  return `${legs}串${comboCount(legs, sizes)}`;
}

/**
 * The systems a slip of `legs` legs offers, in the order a slip shows them: N串1 first, then every
 * system made of all sizes from k to N for k = N-1 down to 2 (e.g. 4 legs: 4串1 [4], 4串5 [3,4],
 * 4串11 [2,3,4]), then each single size k from 2 to N-1 (4串6 [2], 4串4 [3]). No duplicates.
 */
export function systemsFor(legs: number): { sizes: number[]; name: string }[] {
  if (!isLegCount(legs)) throw new Error(`A slip has ${MIN_LEGS} to ${MAX_LEGS} legs, not ${legs}`);
  const upToAll = [legs];
  for (let k = legs - 1; k >= 2; k--) upToAll.push(k);
  const suffixes = upToAll.map((from) => range(from, legs));
  const singles = range(2, legs - 1).map((k) => [k]);
  // Every run up to N holds N and no single size does: no system comes twice. C(N, k) = C(N, N − k),
  // so two single sizes can share a name (5串10 is both [2] and [3]): the smaller is offered, as
  // the books do.
  const offered = [...suffixes, ...singles].map((sizes) => ({ sizes, name: systemName(legs, sizes) }));
  return offered.filter((system, i) => offered.findIndex((o) => o.name === system.name) === i);
}

/**
 * What one combination returns on `unit` if every leg of it wins or is void: floor(unit × Π odds
 * of its non-void legs), exact; all legs void: unit. `odds` holds the non-void legs' oddsMilli.
 */
export function comboReturn(unit: number, odds: readonly number[]): number {
  assertUnit(unit);
  odds.forEach(assertOdds);
  return toMoney(exactReturn(unit, odds));
}

/** The most the slip can return (every leg won): Σ comboReturn over its combinations. */
export function potentialReturn(unit: number, oddsMilli: readonly number[], sizes: readonly number[]): number {
  assertUnit(unit);
  oddsMilli.forEach(assertOdds);
  const combos = combinationsOf(oddsMilli.length, sizes);
  const total = combos.reduce(
    (sum, combo) =>
      sum +
      exactReturn(
        unit,
        combo.map((i) => oddsMilli[i]!),
      ),
    0n,
  );
  return toMoney(total);
}

/**
 * The slip's settlement once it is decided, else null. A combination is lost as soon as any of its
 * legs is lost (whatever its other legs), and decided when lost or when all its legs are decided;
 * the slip is decided when every combination is (so an N串1 is lost at once by one lost leg; a
 * system waits for its last leg unless every combination already holds a lost leg). A void leg
 * counts at odds 1.00. Payout: Σ of the decided combinations' returns (0 for a lost one).
 * Outcome: 'void' when every leg is void (payout = the total stake, unit × M), else 'won' if
 * payout > 0, else 'lost'. Valid bet (有效投注), one per combination, summed: 0 for a combination
 * whose legs are all void; else its unit stake, except that a combination whose effective odds
 * (return / unit) are below 1.5 counts min(unit, |return − unit|) (for a lost combination: unit,
 * since its loss is the unit).
 */
export function settleSlip(
  unit: number,
  legs: readonly ParlayLeg[],
  sizes: readonly number[],
): { outcome: 'won' | 'lost' | 'void'; payout: number; validBet: number } | null {
  assertUnit(unit);
  legs.forEach(assertLeg);
  let payout = 0n;
  let validBet = 0n;
  for (const combo of combinationsOf(legs.length, sizes)) {
    const settled = settleCombo(
      unit,
      combo.map((i) => legs[i]!),
    );
    if (settled === null) return null;
    payout += settled.payout;
    validBet += settled.validBet;
  }
  const allVoid = legs.every((leg) => leg.result === 'void');
  const outcome = allVoid ? 'void' : payout > 0n ? 'won' : 'lost';
  return { outcome, payout: toMoney(payout), validBet: toMoney(validBet) };
}

/** One combination's return and valid bet, or null while it can still go either way. */
function settleCombo(unit: number, legs: readonly ParlayLeg[]): { payout: bigint; validBet: bigint } | null {
  const stake = BigInt(unit);
  // One lost leg loses the combination: its other legs, decided or not, no longer matter.
  if (legs.some((leg) => leg.result === 'lost')) return { payout: 0n, validBet: stake };
  if (legs.some((leg) => leg.result === null)) return null;
  const priced = legs.filter((leg) => leg.result === 'won').map((leg) => leg.oddsMilli);
  const payout = exactReturn(unit, priced);
  if (priced.length === 0) return { payout, validBet: 0n };
  return { payout, validBet: wonValidBet(stake, payout) };
}

/**
 * The valid bet of a won combination, as a single bet's: its stake, or below effective odds 1.5
 * (return < 1.5 × unit, compared in integers) min(stake, what it won). Every leg's odds are at
 * least 1.00, so the return is never below the stake and what it won is return − stake.
 */
function wonValidBet(stake: bigint, payout: bigint): bigint {
  if (payout * 2n >= stake * 3n) return stake;
  const winnings = payout - stake;
  return winnings < stake ? winnings : stake;
}

/** floor(unit × Π odds), the odds ×1000 each: the product over 1000^k, BigInt division truncating. */
function exactReturn(unit: number, odds: readonly number[]): bigint {
  const numerator = odds.reduce((product, o) => product * BigInt(o), BigInt(unit));
  return numerator / ODDS_ONE ** BigInt(odds.length);
}

/** Leg indexes 0..legs-1 taken k at a time, in lexicographic order. */
function combinationsOfSize(legs: number, k: number): number[][] {
  const combos: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === k) {
      combos.push(chosen);
      return;
    }
    // Leave enough legs after this one to fill the combination.
    for (let i = from; i <= legs - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return combos;
}

function binomial(n: number, k: number): number {
  let c = 1;
  // Each partial product is C(n-k+i, i): an integer, so the division is exact.
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** from..to, both included (empty when from > to). */
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

const isLegCount = (legs: number) => Number.isInteger(legs) && legs >= MIN_LEGS && legs <= MAX_LEGS;

function assertSystem(legs: number, sizes: readonly number[]) {
  if (!isSystem(legs, sizes)) throw new Error(`Not a system of a ${legs}-leg slip: [${sizes.join(',')}]`);
}

function assertUnit(unit: number) {
  if (!Number.isSafeInteger(unit) || unit <= 0) throw new Error(`A unit stake is a positive whole amount, not ${unit}`);
}

function assertOdds(oddsMilli: number) {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < 1000)
    throw new Error(`Odds ×1000 of at least 1000, not ${oddsMilli}`);
}

function assertLeg(leg: ParlayLeg) {
  assertOdds(leg.oddsMilli);
  if (!LEG_RESULTS.includes(leg.result)) throw new Error(`Not a leg result: ${String(leg.result)}`);
}

/** Money as a number, refused past the safe integers (no slip pays that much, but never round it). */
function toMoney(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`An amount beyond safe integers: ${amount}`);
  return Number(amount);
}
