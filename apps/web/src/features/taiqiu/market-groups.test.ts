import { describe, expect, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { TAIQIU_TEXTS } from './i18n';
import { betweenFrames, frameOn, marketGroups, scoreColumns, shownGroup, unreachable } from './market-groups';
import { demoMatch, fullBookMatch } from './test-fixtures';

const summary = (match: ReturnType<typeof fullBookMatch>) =>
  marketGroups(match).map((g) => ({
    key: g.key,
    inPlay: g.inPlay,
    next: g.next,
    markets: g.markets.map((m) => m.id),
    closed: g.closed.map((m) => m.id),
  }));

const closing = (ids: number[]) => (m: ReturnType<typeof fullBookMatch>['markets'][number]) =>
  ids.includes(m.id) ? { ...m, status: 'closed' as const } : m;

describe('the sections of the match page', () => {
  it('groups the book: 全场, the frame in play and the next, 波胆, 单杆; frame 1, played, is left out', () => {
    expect(summary(fullBookMatch())).toEqual([
      { key: 'match', inPlay: false, next: false, markets: [11, 12, 13, 14, 16], closed: [] },
      { key: 'frame-2', inPlay: true, next: false, markets: [31, 32], closed: [] },
      { key: 'frame-3', inPlay: false, next: false, markets: [41, 42], closed: [] },
      { key: 'score', inPlay: false, next: false, markets: [15], closed: [] },
      { key: 'breaks', inPlay: false, next: false, markets: [17, 18, 33, 43], closed: [] },
    ]);
  });

  it('between frames the lowest-numbered frame still open is the next; the one just played leaves', () => {
    const match = fullBookMatch({ frame: null, score: { a: 2, b: 0 } });
    // The book suspends what is open from a frame's end to the next one's start.
    match.markets = match.markets
      .map(closing([31, 32, 33]))
      .map((m) => (m.status === 'open' ? { ...m, status: 'suspended' as const } : m));
    expect(frameOn(match)).toBe(3);
    expect(betweenFrames(match)).toBe(true);
    const groups = summary(match);
    expect(groups.map((g) => g.key)).toEqual(['match', 'frame-3', 'score', 'breaks']);
    expect(groups[1]).toMatchObject({ inPlay: false, next: true, markets: [41, 42] });
    expect(groups[3]!.markets).toEqual([17, 18, 43]);
  });

  it('a match scored by hand tells no frame and keeps its markets open: its frame is not called next', () => {
    const match = fullBookMatch({ frame: null });
    expect(frameOn(match)).toBe(2);
    expect(betweenFrames(match)).toBe(false);
    expect(marketGroups(match).find((g) => g.key === 'frame-2')).toMatchObject({ inPlay: false, next: false });
    // Before the first frame, frame 1 is next.
    const scheduled = fullBookMatch({ status: 'scheduled', frame: null, score: { a: 0, b: 0 } });
    expect(marketGroups(scheduled).find((g) => g.key === 'frame-2')).toMatchObject({ next: true });
  });

  it('a market closed early (a century made, frame points already over) goes to the bottom of its section', () => {
    const match = fullBookMatch();
    match.markets = match.markets.map(closing([17, 32]));
    const groups = summary(match);
    expect(groups.find((g) => g.key === 'frame-2')).toMatchObject({ markets: [31], closed: [32] });
    expect(groups.find((g) => g.key === 'breaks')).toMatchObject({ markets: [18, 33, 43], closed: [17] });
  });

  it('once the match is over no frame is on offer: one empty frame section, the rest closed', () => {
    const match = fullBookMatch({ status: 'finished', frame: null, score: { a: 4, b: 1 }, winner: 'a' });
    match.markets = match.markets.map((m) => ({ ...m, status: 'closed' as const }));
    expect(summary(match)).toEqual([
      { key: 'match', inPlay: false, next: false, markets: [], closed: [11, 12, 13, 14, 16] },
      { key: 'frames', inPlay: false, next: false, markets: [], closed: [] },
      { key: 'score', inPlay: false, next: false, markets: [], closed: [15] },
      { key: 'breaks', inPlay: false, next: false, markets: [], closed: [17, 18] },
    ]);
  });

  it('a match scored by hand (no break markets) has no 单杆 section; one without frame markets no frame one', () => {
    const hand = fullBookMatch();
    hand.markets = hand.markets.filter(
      (m) => !['century', 'high_break', 'frame_fifty', 'frame_points'].includes(m.type),
    );
    expect(summary(hand).map((g) => [g.key, g.markets])).toEqual([
      ['match', [11, 12, 13, 14, 16]],
      ['frame-2', [31]],
      ['frame-3', [41]],
      ['score', [15]],
    ]);
    expect(marketGroups(demoMatch()).map((g) => g.key)).toEqual(['match']);
  });

  it('a chosen section that has gone gives way to the first frame section, or to the match', () => {
    const groups = marketGroups(fullBookMatch());
    expect(shownGroup(groups, 'frame-3').key).toBe('frame-3');
    expect(shownGroup(groups, 'frame-1').key).toBe('frame-2');
    expect(shownGroup(groups, 'nothing').key).toBe('match');
    expect(shownGroup(marketGroups(demoMatch()), 'frame-2').key).toBe('match');
  });
});

describe('the correct-score grid', () => {
  it("puts player a's wins left and player b's right, each by the loser's frames", () => {
    const picks = ['0:4', '4:3', '2:4', '4:0', '4:1', '3:4', '1:4', '4:2'].map((pick) => ({ pick }));
    const { a, b } = scoreColumns(picks);
    expect(a.map((s) => s.pick)).toEqual(['4:0', '4:1', '4:2', '4:3']);
    expect(b.map((s) => s.pick)).toEqual(['0:4', '1:4', '2:4', '3:4']);
  });

  it('knows the final scores the match can no longer end on', () => {
    const score = { a: 2, b: 1 };
    expect(['4:0', '4:1', '4:2', '0:4', '1:4', '3:4'].filter((p) => unreachable(p, score))).toEqual([
      '4:0',
      '0:4',
      '1:4',
    ]);
    expect(unreachable('a', score)).toBe(false);
  });
});

it('every text of the match page has a Chinese and an English version', () => expectBothLanguages(TAIQIU_TEXTS));
