import { normalCdf, normalQuantile } from './normal.js';
import type { FrameNow, Side } from './state.js';

/*
 * The frame model: how a snooker frame in play may go from here (docs/design.md §9). A frame holds
 * 147 points at most; what is still on the table is estimated as 147 less what has been potted.
 *  - Who wins it: the lead, plus an edge to the player at the table, against a spread that
 *    shrinks with the points left, shifted so that a fresh frame gives the prior p.
 *  - A break of T or more: per fresh frame min(1, A·e^(−T/K)) (fitted to about 55 % for 50+ and
 *    12 % for 100+ among professionals), scaled by how much of the frame is left, and the
 *    break being made may reach it too.
 *  - Total points: what is scored so far, plus a normal share of what is left.
 */

export const FRAME_POINTS = 147;
/** Spread of a fresh frame's points difference, in points. */
const SPREAD = 45;
/** The edge of being at the table, in points. */
const AT_TABLE_EDGE = 8;
const BREAK_A = 2.52;
const BREAK_K = 32.8;
/** The share of a break in progress that goes on to the target, at most. */
const BREAK_GOES_ON = 0.6;
/** Of the points left, the share scored on average, and the fouls' penalties added per frame. */
const SCORED_SHARE = 0.72;
const FOUL_POINTS = 5;
const POINTS_SPREAD = 18;

export const pointsLeft = (f: Pick<FrameNow, 'potted'>) => Math.max(0, FRAME_POINTS - f.potted);

/** The chance player a wins the frame from here, given the prior p of a fresh frame. */
export function frameWinChance(p: number, f: FrameNow): number {
  const left = pointsLeft(f);
  const edge = f.atTable === null ? 0 : (f.atTable === 'a' ? 1 : -1) * AT_TABLE_EDGE * Math.min(1, left / 30);
  const spread = Math.max(1, SPREAD * Math.sqrt(left / FRAME_POINTS));
  return normalCdf(normalQuantile(p) + (f.points.a - f.points.b + edge) / spread);
}

/** The chance a fresh frame has a break of `target` or more. */
export function freshBreakChance(target: number): number {
  if (target <= 0) return 1;
  if (target > FRAME_POINTS) return 0;
  return Math.min(1, BREAK_A * Math.exp(-target / BREAK_K));
}

/** The chance the rest of the frame in play brings a break of `target` or more (1 if it has one). */
export function breakReachChance(target: number, f: FrameNow): number {
  if (f.highBreak >= target) return 1;
  const left = pointsLeft(f);
  const goesOn =
    f.atTable !== null && f.break > 0 && f.break + left >= target
      ? BREAK_GOES_ON * freshBreakChance(target - f.break)
      : 0;
  const fresh = left >= target ? freshBreakChance(target) * ((left - target + 1) / (FRAME_POINTS + 1 - target)) : 0;
  return 1 - (1 - goesOn) * (1 - fresh);
}

/** The chance the frame's total points (both players', penalties included) end above `line`. */
export function pointsOverChance(line: number, f: Pick<FrameNow, 'points' | 'potted'>): number {
  const sofar = f.points.a + f.points.b;
  if (sofar > line) return 1;
  const share = pointsLeft(f) / FRAME_POINTS;
  const mean = sofar + SCORED_SHARE * pointsLeft(f) + FOUL_POINTS * share;
  const spread = POINTS_SPREAD * Math.sqrt(share) + 1;
  return 1 - normalCdf((line - mean) / spread);
}

/** A frame not started yet. */
export const freshFrame = (number: number, breaker: Side | null = null): FrameNow => ({
  number,
  points: { a: 0, b: 0 },
  atTable: breaker,
  break: 0,
  potted: 0,
  highBreak: 0,
});

/** The points line of a fresh frame: the half point nearest its mean. */
export const defaultPointsLine = () => Math.round(SCORED_SHARE * FRAME_POINTS + FOUL_POINTS) - 0.5;
