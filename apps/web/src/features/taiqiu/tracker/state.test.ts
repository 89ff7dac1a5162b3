import { describe, expect, it } from 'vitest';
import { visit } from '../test-fixtures';
import {
  ballsOnTable,
  breakVisits,
  MAX_VISITS,
  snookersNeeded,
  visitTotals,
  withVisits,
  type FrameInPlay,
  type TrackerView,
  type Visit,
} from './state';

const view = (visits: Visit[]): TrackerView => ({
  frames: [],
  visits,
  headToHead: { played: 0, wins: { a: 0, b: 0 }, frames: { a: 0, b: 0 }, last: [] },
});
const frame = (over: Partial<FrameInPlay> = {}): FrameInPlay => ({
  number: 2,
  points: { a: 24, b: 7 },
  atTable: 'a',
  break: 17,
  onTable: 116,
  ...over,
});

describe('the tracker history', () => {
  it('adds a visit once, by its sequence number, oldest first', () => {
    const v = view([visit(3), visit(5)]);
    const added = withVisits(v, [visit(4), visit(5), visit(6)]);
    expect(added.visits.map((x) => x.seq)).toEqual([3, 4, 5, 6]);
    // Nothing new: the same object, so nothing renders again.
    expect(withVisits(added, [visit(4), visit(6)])).toBe(added);
  });

  it(`keeps the last ${MAX_VISITS}`, () => {
    const full = view(Array.from({ length: MAX_VISITS }, (_, i) => visit(i + 1)));
    const next = withVisits(full, [visit(MAX_VISITS + 1)]);
    expect(next.visits).toHaveLength(MAX_VISITS);
    expect(next.visits[0]!.seq).toBe(2);
    expect(next.visits.at(-1)!.seq).toBe(MAX_VISITS + 1);
  });

  it('finds the visits of the break being made, and none when the history does not show it', () => {
    const run = [
      visit(1, { player: 'b', points: 7, break: 7 }),
      visit(2, { points: 8, break: 8 }),
      visit(3, { points: 9, break: 17 }),
    ];
    expect(breakVisits(run, frame()).map((v) => v.seq)).toEqual([2, 3]);
    // A whole visit told at once (the demo feed): one visit, its points the break.
    expect(breakVisits([visit(4, { points: 17, break: 17 })], frame()).map((v) => v.seq)).toEqual([4]);
    // The break the frame says is not the history's (a visit not told yet): nothing made up.
    expect(breakVisits(run, frame({ break: 25 }))).toEqual([]);
    expect(breakVisits(run, frame({ atTable: 'b', break: 7 }))).toEqual([]);
    expect(breakVisits(run, frame({ number: 3 }))).toEqual([]);
    expect(breakVisits(run, null)).toEqual([]);
  });

  it('draws the points on the table as reds and colours, roughly', () => {
    expect(ballsOnTable(147)).toEqual({ reds: 15, colours: [2, 3, 4, 5, 6, 7] });
    expect(ballsOnTable(116)).toEqual({ reds: 11, colours: [2, 3, 4, 5, 6, 7] });
    // One red potted, its colour not yet: fourteen left.
    expect(ballsOnTable(146)).toEqual({ reds: 14, colours: [2, 3, 4, 5, 6, 7] });
    expect(ballsOnTable(139)).toEqual({ reds: 14, colours: [2, 3, 4, 5, 6, 7] });
    expect(ballsOnTable(28)).toEqual({ reds: 1, colours: [2, 3, 4, 5, 6, 7] });
    expect(ballsOnTable(27)).toEqual({ reds: 0, colours: [2, 3, 4, 5, 6, 7] });
    expect(ballsOnTable(20)).toEqual({ reds: 0, colours: [5, 6, 7] });
    expect(ballsOnTable(7)).toEqual({ reds: 0, colours: [7] });
    expect(ballsOnTable(0)).toEqual({ reds: 0, colours: [] });
    expect(ballsOnTable(-4)).toEqual({ reds: 0, colours: [] });
  });

  it('says who needs snookers, and counts points with fouls to the other player', () => {
    expect(snookersNeeded(frame({ points: { a: 70, b: 10 }, onTable: 51 }))).toBe('b');
    expect(snookersNeeded(frame({ points: { a: 10, b: 40 }, onTable: 29 }))).toBe('a');
    expect(snookersNeeded(frame({ points: { a: 70, b: 10 }, onTable: 60 }))).toBeNull();
    expect(visitTotals([visit(1, { points: 12 }), visit(2, { player: 'b', points: 3, foul: 4 })])).toEqual({
      a: 16,
      b: 3,
    });
  });
});
