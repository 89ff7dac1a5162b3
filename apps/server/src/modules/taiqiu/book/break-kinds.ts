import { breakReachChance, freshBreakChance } from './frame-model.js';
import { framesToStart } from './paths.js';
import { twoWay, type MarketKind, type Pick, type Reading } from './kind.js';
import { isLive, type MarketKey } from './state.js';

/*
 * Markets on the match's breaks: a break of T or more somewhere in the match. Certain (won) the
 * moment one is made; once the match is over without one, lost, unless the feed skipped visits
 * (a snapshot), when no one can say: void.
 */

/** The chance of no break of `target` or more in the rest of the match. */
function noBreakChance({ s, paths }: Reading, target: number): number {
  if (s.highBreak >= target) return 0;
  const inPlay = s.frame ? 1 - breakReachChance(target, s.frame) : 1;
  const perFrame = 1 - freshBreakChance(target);
  return inPlay * paths().reduce((sum, p) => sum + p.prob * perFrame ** framesToStart(s, p), 0);
}

function breakKind(picks: [Pick, Pick], target: (key: MarketKey) => number): MarketKind {
  const [made, notMade] = picks;
  const outcomes = (yes: boolean | null) => twoWay(picks, yes);
  return {
    picks: () => picks,
    chances(r, key) {
      const none = noBreakChance(r, target(key));
      return { win: { [made]: 1 - none, [notMade]: none }, void: 0 };
    },
    certain({ s }, key) {
      if (s.highBreak >= target(key)) return outcomes(true);
      if (isLive(s.bestOf, s.score) && s.status !== 'finished') return {};
      return outcomes(s.breaksKnown ? false : null);
    },
  };
}

export const CENTURY = 100;

/** A century (a break of 100 or more) in the match. */
export const century = breakKind(['yes', 'no'], () => CENTURY);

/** The match's highest break over or under the line (a half point: over 89.5 is a break of 90 or more). */
export const highBreak = breakKind(['over', 'under'], (key) => Math.floor(key.line ?? 0) + 1);

/** The line of ten-point steps (…, 79.5, 89.5, …) nearest an even chance, from a reading before the first frame. */
export function defaultHighBreakLine(r: Reading): number {
  let best = 79.5;
  let bestGap = Infinity;
  for (let line = 39.5; line < 147; line += 10) {
    const gap = Math.abs(noBreakChance(r, Math.floor(line) + 1) - 0.5);
    if (gap < bestGap) [best, bestGap] = [line, gap];
  }
  return best;
}
