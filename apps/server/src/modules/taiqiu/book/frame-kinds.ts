import { breakReachChance, freshFrame, frameWinChance, pointsOverChance } from './frame-model.js';
import { allOf, chanceOf, twoWay, type Chances, type MarketKind, type Pick, type Reading } from './kind.js';
import type { MatchPath } from './paths.js';
import { isLive, type FrameNow, type FrameResult, type MarketKey, type Outcome } from './state.js';

/*
 * Markets on one frame (the key's frame): the frame in play is priced by the frame model from its
 * points and who is at the table; a later one as a fresh frame, void if the match is won before
 * it. Settled by the frame's result; a frame the match does not reach, or whose figures the feed
 * did not give (a snapshot skipped its visits), voids them.
 */

/**
 * Where the key's frame stands: played (its result), in play, or to come: with the chance it is
 * played, and whether it can be at all (by the rules, whatever the chance).
 */
type FrameAt = { result: FrameResult } | { now: FrameNow; played: number; reachable: boolean };

function frameAt({ s, paths }: Reading, key: MarketKey): FrameAt {
  const n = key.frame ?? 0;
  const result = s.results.find((r) => r.number === n);
  if (result) return { result };
  if (s.frame?.number === n) return { now: s.frame, played: 1, reachable: true };
  const done = s.score.a + s.score.b;
  // A frame played without a result of its own (the score set by hand) is as good as not played: void.
  if (n <= done || !isLive(s.bestOf, s.score)) return { now: freshFrame(n), played: 0, reachable: false };
  const reaches = (p: MatchPath) => done + p.frames.length >= n;
  return { now: freshFrame(n), played: chanceOf(paths(), reaches), reachable: paths().some(reaches) };
}

/** A two-way frame market: its first pick's chance in the frame as it stands, and its outcome once played. */
function frameKind(
  picks: [Pick, Pick],
  firstChance: (r: Reading, key: MarketKey, f: FrameNow) => number,
  settled: (key: MarketKey, r: FrameResult) => boolean | null,
  early: (key: MarketKey, f: FrameNow) => boolean = () => false,
): MarketKind {
  const [first, second] = picks;
  const outcomes = (firstWins: boolean | null) => twoWay(picks, firstWins);
  return {
    picks: () => picks,
    chances(r, key): Chances {
      const at = frameAt(r, key);
      if ('result' in at) {
        const yes = settled(key, at.result);
        if (yes === null) return { win: { [first]: 0, [second]: 0 }, void: 1 };
        return { win: { [first]: yes ? 1 : 0, [second]: yes ? 0 : 1 }, void: 0 };
      }
      const chance = firstChance(r, key, at.now);
      return { win: { [first]: at.played * chance, [second]: at.played * (1 - chance) }, void: 1 - at.played };
    },
    certain(r, key): Partial<Record<Pick, Outcome>> {
      const at = frameAt(r, key);
      if ('result' in at) {
        return outcomes(settled(key, at.result));
      }
      if (!at.reachable) return allOf(picks, 'void');
      return early(key, at.now) ? outcomes(true) : {};
    },
  };
}

export const frameWinner = frameKind(
  ['a', 'b'],
  (r, _key, f) => frameWinChance(r.s.p, f),
  (_key, result) => result.winner === 'a',
);

/** The line is the frame's total points, both players' (fouls' penalties included). */
export const framePoints = frameKind(
  ['over', 'under'],
  (_r, key, f) => pointsOverChance(key.line ?? 0, f),
  (key, result) => (result.points === null ? null : result.points.a + result.points.b > (key.line ?? 0)),
  (key, f) => f.points.a + f.points.b > (key.line ?? 0),
);

export const FIFTY = 50;

/** A break of 50 or more in the frame. */
export const frameFifty = frameKind(
  ['yes', 'no'],
  (_r, _key, f) => breakReachChance(FIFTY, f),
  (_key, result) => (result.highBreak === null ? null : result.highBreak >= FIFTY),
  (_key, f) => f.highBreak >= FIFTY,
);
