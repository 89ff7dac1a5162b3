import type { taiqiu } from '@breakshot/contracts';
import { century, defaultHighBreakLine, highBreak } from './break-kinds.js';
import { defaultPointsLine } from './frame-model.js';
import { frameFifty, framePoints, frameWinner } from './frame-kinds.js';
import type { MarketKind, Reading } from './kind.js';
import { matchPaths } from './paths.js';
import {
  correctScore,
  defaultHandicapLine,
  defaultRaceLine,
  defaultTotalLine,
  handicap,
  oddeven,
  raceTo,
  total,
  winner,
} from './match-kinds.js';
import type { BookState, MarketKey } from './state.js';

/** Every market type of the book, in the match page's order (docs/design.md §9). */
export const KINDS: Record<taiqiu.MarketType, MarketKind> = {
  winner,
  handicap,
  total,
  oddeven,
  correct_score: correctScore,
  race_to: raceTo,
  frame_winner: frameWinner,
  frame_points: framePoints,
  frame_fifty: frameFifty,
  century,
  high_break: highBreak,
};

/** Types priced per frame: the frame in play and the next are on offer. */
export const FRAME_TYPES: taiqiu.MarketType[] = ['frame_winner', 'frame_points', 'frame_fifty'];
export const MATCH_TYPES = (Object.keys(KINDS) as taiqiu.MarketType[]).filter((t) => !FRAME_TYPES.includes(t));

/** The book's margin of each type unless the operator sets the match's own, basis points. */
export const DEFAULT_MARGIN_BP: Record<taiqiu.MarketType, number> = {
  winner: 500,
  handicap: 600,
  total: 600,
  oddeven: 600,
  correct_score: 1500,
  race_to: 600,
  frame_winner: 600,
  frame_points: 700,
  frame_fifty: 800,
  century: 800,
  high_break: 800,
};

/** A reading of the state whose paths are worked out once, when first asked for. */
export function readingOf(s: BookState): Reading {
  let paths: ReturnType<typeof matchPaths> | undefined;
  return { s, paths: () => (paths ??= matchPaths(s)) };
}

/** The match-level markets a new match opens with, their lines set from the prior. */
export function matchMarketKeys(s: BookState, lines: { handicap?: number; total?: number } = {}): MarketKey[] {
  const r = readingOf(s);
  const lineOf: Partial<Record<taiqiu.MarketType, number>> = {
    handicap: lines.handicap ?? defaultHandicapLine(s.p),
    total: lines.total ?? defaultTotalLine(r),
    race_to: defaultRaceLine(s.bestOf),
    high_break: defaultHighBreakLine(r),
  };
  return MATCH_TYPES.map((type) => ({ type, line: lineOf[type] ?? null, frame: null }));
}

/** The frame markets of frame n. */
export const frameMarketKeys = (n: number): MarketKey[] =>
  FRAME_TYPES.map((type) => ({ type, line: type === 'frame_points' ? defaultPointsLine() : null, frame: n }));

/** The frames whose markets should be on offer: the one in play (or next to start) and the one after. */
export function framesOnOffer(s: BookState): number[] {
  const next = s.frame?.number ?? s.score.a + s.score.b + 1;
  return [next, next + 1].filter((n) => n <= s.bestOf);
}
