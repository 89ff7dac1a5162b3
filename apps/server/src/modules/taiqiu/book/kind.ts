import type { taiqiu } from '@breakshot/contracts';
import type { MatchPath } from './paths.js';
import type { BookState, MarketKey, Outcome } from './state.js';

/*
 * A market type of the book: its selections, the chance of each (and of a void) from the state,
 * and the outcomes the state already makes certain. Every type is one of these
 * (match-kinds.ts, frame-kinds.ts, break-kinds.ts; the list in kinds.ts).
 */

export type Pick = taiqiu.Pick;

/** Chance of each pick winning, and of the bet being void (a push, a frame not played): they add up to 1. */
export interface Chances {
  win: Partial<Record<Pick, number>>;
  void: number;
}

/** What a kind may read: the state, and its paths (computed once per state, on first use). */
export interface Reading {
  s: BookState;
  paths: () => MatchPath[];
}

export interface MarketKind {
  picks(bestOf: number): Pick[];
  chances(r: Reading, key: MarketKey): Chances;
  /** The outcomes certain already (by the rules, whatever the model says): some picks, all, or none. */
  certain(r: Reading, key: MarketKey): Partial<Record<Pick, Outcome>>;
}

/** Sums the chance of the paths where `test` holds. */
export const chanceOf = (paths: MatchPath[], test: (p: MatchPath) => boolean) =>
  paths.reduce((sum, p) => (test(p) ? sum + p.prob : sum), 0);

/** Every pick with the same outcome. */
export const allOf = (picks: Pick[], outcome: Outcome) =>
  Object.fromEntries(picks.map((pick) => [pick, outcome])) as Partial<Record<Pick, Outcome>>;

export const won = (yes: boolean): Outcome => (yes ? 'won' : 'lost');

/** The outcomes of a two-way market: its first pick won (the second lost) or lost, or both void (null). */
export function twoWay([first, second]: [Pick, Pick], firstWins: boolean | null): Partial<Record<Pick, Outcome>> {
  const outcomes: Partial<Record<Pick, Outcome>> = {};
  outcomes[first] = firstWins === null ? 'void' : won(firstWins);
  outcomes[second] = firstWins === null ? 'void' : won(!firstWins);
  return outcomes;
}
