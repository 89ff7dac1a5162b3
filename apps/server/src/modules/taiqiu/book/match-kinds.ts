import { firstTo, type MatchPath } from './paths.js';
import { chanceOf, type MarketKind, type Pick, type Reading, won } from './kind.js';
import { framesToWin, type BookState, type MarketKey, type Outcome, type Side } from './state.js';

/*
 * Markets on the match's frames: each pick's outcome follows from how the match goes (its path).
 * A pick's chance is that of the paths it wins on; it is certain once every path still possible
 * gives it the same outcome.
 */

type OnPath = (key: MarketKey, pick: Pick, s: BookState, path: MatchPath) => Outcome;

function matchKind(picks: (bestOf: number) => Pick[], outcome: OnPath): MarketKind {
  return {
    picks,
    chances({ s, paths }, key) {
      const win: Partial<Record<Pick, number>> = {};
      let push = 0;
      picks(s.bestOf).forEach((pick, i) => {
        win[pick] = chanceOf(paths(), (p) => outcome(key, pick, s, p) === 'won');
        // A push voids every pick alike: count it once.
        if (i === 0) push = chanceOf(paths(), (p) => outcome(key, pick, s, p) === 'void');
      });
      return { win, void: push };
    },
    certain({ s, paths }, key) {
      const found: Partial<Record<Pick, Outcome>> = {};
      for (const pick of picks(s.bestOf)) {
        const seen = new Set(paths().map((p) => outcome(key, pick, s, p)));
        if (seen.size === 1) found[pick] = [...seen][0]!;
      }
      return found;
    },
  };
}

const sides = (): Pick[] => ['a', 'b'];

export const winner = matchKind(sides, (_k, pick, _s, p) => won(p.final.a > p.final.b === (pick === 'a')));

/** The line is the frames given to player a (−1.5: a must win by two or more). */
export const handicap = matchKind(sides, ({ line }, pick, _s, p) => {
  const margin = p.final.a - p.final.b + (line ?? 0);
  return margin === 0 ? 'void' : won(margin > 0 === (pick === 'a'));
});

export const total = matchKind(
  () => ['over', 'under'],
  ({ line }, pick, _s, p) => {
    const frames = p.final.a + p.final.b;
    return frames === line ? 'void' : won(frames > (line ?? 0) === (pick === 'over'));
  },
);

export const oddeven = matchKind(
  () => ['odd', 'even'],
  (_k, pick, _s, p) => won(((p.final.a + p.final.b) % 2 === 1) === (pick === 'odd')),
);

/** Every final score of the match: a's wins first, then b's ("4:0" … "4:3", "0:4" … "3:4"). */
export function finalScorePicks(bestOf: number): Pick[] {
  const need = framesToWin(bestOf);
  const losing = Array.from({ length: need }, (_, k) => k);
  return [...losing.map((k) => `${need}:${k}` as Pick), ...losing.map((k) => `${k}:${need}` as Pick)];
}

export const correctScore = matchKind(finalScorePicks, (_k, pick, _s, p) => won(pick === `${p.final.a}:${p.final.b}`));

/** The line is N: the first to win N frames. */
export const raceTo = matchKind(sides, ({ line }, pick, s, p) => {
  const n = line ?? 1;
  const sofar = raceWonSoFar(s, n);
  if (sofar === 'unknown') return 'void';
  return won((sofar ?? firstTo(n, s.score, p.frames)) === pick);
});

/**
 * Who reached n frames first in the frames played: null if no one has yet; unknown if both have
 * and the frames' results do not say who first (a score set by hand).
 */
function raceWonSoFar(s: BookState, n: number): Side | null | 'unknown' {
  if (s.score.a < n && s.score.b < n) return null;
  const at = { a: 0, b: 0 };
  const first = s.results.find((r) => ++at[r.winner] === n);
  if (first) return first.winner;
  if (s.score.a >= n && s.score.b >= n) return 'unknown';
  return s.score.a >= n ? 'a' : 'b';
}

/** The race's N: one frame short of winning the match, two at least. */
export const defaultRaceLine = (bestOf: number) => Math.max(2, framesToWin(bestOf) - 1);

/** The half-frame total line nearest an even chance, from a reading of the match before its first frame. */
export function defaultTotalLine(r: Reading): number {
  const need = framesToWin(r.s.bestOf);
  let best = need + 0.5;
  let bestGap = Infinity;
  for (let k = need; k <= 2 * need - 2; k += 1) {
    const over = chanceOf(r.paths(), (p) => p.final.a + p.final.b > k + 0.5);
    if (Math.abs(over - 0.5) < bestGap) [best, bestGap] = [k + 0.5, Math.abs(over - 0.5)];
  }
  return best;
}

/** Frames given to player a: −1.5 when a is the favourite, +1.5 otherwise. */
export const defaultHandicapLine = (p: number) => (p >= 0.5 ? -1.5 : 1.5);
