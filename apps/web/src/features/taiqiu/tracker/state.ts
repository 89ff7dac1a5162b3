import type { taiqiu } from '@breakshot/contracts';

/*
 * The live tracker's pure logic: its visit history kept from taiqiu/tracker and MATCH_UPDATED,
 * the break being made, and the balls a frame's points on the table stand for (docs/design.md §9).
 */

export type TrackerView = taiqiu.TrackerView;
export type Visit = taiqiu.Visit;
export type FrameInPlay = NonNullable<taiqiu.FrameInPlay>;
export type Side = 'a' | 'b';

/** How many visits the tracker keeps (taiqiu/tracker answers as many). */
export const MAX_VISITS = 30;
/** A full rack: fifteen reds, each with a black, then the six colours (2 + 3 + … + 7 = 27). */
export const FULL_RACK = 147;
const COLOURS_TOTAL = 27;
/** The colours by value: yellow, green, brown, blue, pink, black. */
export const COLOURS = [2, 3, 4, 5, 6, 7] as const;

/**
 * The view with `add` among its visits: each once (by its feed sequence number), oldest first,
 * the last MAX_VISITS kept. The same object when nothing is new, so nothing renders again.
 */
export function withVisits(view: TrackerView, add: readonly Visit[]): TrackerView {
  const known = new Set(view.visits.map((v) => v.seq));
  const fresh = add.filter((v) => !known.has(v.seq));
  if (fresh.length === 0) return view;
  const visits = [...view.visits, ...fresh].sort((x, y) => x.seq - y.seq).slice(-MAX_VISITS);
  return { ...view, visits };
}

/**
 * The visits of the break being made: the last visits of the frame on, by the player at the table,
 * each adding to the one before, the last at the break the frame says. Empty when the history does
 * not show them (a foul ended the visit, the visit is not known yet).
 */
export function breakVisits(visits: readonly Visit[], frame: FrameInPlay | null): Visit[] {
  if (!frame || frame.atTable === null || frame.break <= 0) return [];
  const run: Visit[] = [];
  for (let i = visits.length - 1; i >= 0; i--) {
    const v = visits[i]!;
    if (v.frame !== frame.number || v.player !== frame.atTable || v.foul > 0 || v.points <= 0) break;
    const before = run[0];
    if (before && before.break - before.points !== v.break) break;
    run.unshift(v);
    if (v.break === v.points) break;
  }
  const last = run[run.length - 1];
  return last && last.break === frame.break && run[0]!.break === run[0]!.points ? run : [];
}

/** What `onTable` points stand for: reds left (about) and the colours still on, lowest first. */
export interface TableBalls {
  reds: number;
  colours: number[];
}

/**
 * The balls that `onTable` points (the book's own estimate: 147 less what was potted) stand for,
 * roughly: above 27, a red for every whole 8 left above the colours (a red and a black; a red
 * potted without its colour leaves 7 it can no longer score, so rounding down is closer), one at
 * least, and the six colours; at 27 or less, the colours of a clearance that add up to at most
 * that, from the black down.
 */
export function ballsOnTable(onTable: number): TableBalls {
  const left = Math.max(0, Math.min(FULL_RACK, Math.round(onTable)));
  if (left > COLOURS_TOTAL) {
    return { reds: Math.max(1, Math.floor((left - COLOURS_TOTAL) / 8)), colours: [...COLOURS] };
  }
  const colours: number[] = [];
  let sum = 0;
  for (let i = COLOURS.length - 1; i >= 0; i--) {
    const c = COLOURS[i]!;
    if (sum + c > left) break;
    sum += c;
    colours.unshift(c);
  }
  return { reds: 0, colours };
}

/** Points on the table as a number to show, or null when the frame does not say (an older server). */
export const pointsOnTable = (frame: FrameInPlay | null): number | null =>
  frame && Number.isFinite(frame.onTable) ? Math.max(0, frame.onTable) : null;

/** Snookers needed: the player behind trails by more than is left on the table. */
export function snookersNeeded(frame: FrameInPlay | null): Side | null {
  const left = pointsOnTable(frame);
  if (!frame || left === null) return null;
  const lead = frame.points.a - frame.points.b;
  if (Math.abs(lead) <= left) return null;
  return lead > 0 ? 'b' : 'a';
}

/** Points each player scored over `visits` (a foul's penalty goes to the other player). */
export function visitTotals(visits: readonly Visit[]): Record<Side, number> {
  const total = { a: 0, b: 0 };
  for (const v of visits) {
    total[v.player] += v.points;
    total[v.player === 'a' ? 'b' : 'a'] += v.foul;
  }
  return total;
}

/** The frame a match is on or about to start: one past the frames played. */
export const nextFrameNumber = (score: taiqiu.MatchItem['score']) => score.a + score.b + 1;
