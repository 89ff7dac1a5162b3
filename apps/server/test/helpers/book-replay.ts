import type { feed, taiqiu } from '@breakshot/contracts';
import type { BookState, FrameResult, MarketKey, Outcome } from '../../src/modules/taiqiu/book/state.js';

/*
 * The tests' own model of a match: the book's state replayed from the feed's events, and each
 * market's outcome worked out directly from what happened (not through the book's kinds).
 */

/** The state after each event, from a match's events (match_scheduled first). */
export function replayStates(events: feed.FeedEvent[], p: number): BookState[] {
  const first = events[0] as feed.FeedEvent & { type: 'match_scheduled' };
  const s: BookState = {
    bestOf: first.bestOf,
    p,
    status: 'scheduled',
    score: { a: 0, b: 0 },
    frame: null,
    results: [],
    highBreak: 0,
    breaksKnown: true,
  };
  const states: BookState[] = [clone(s)];
  for (const e of events.slice(1)) {
    if (e.type === 'match_started') s.status = 'live';
    if (e.type === 'frame_started') {
      s.frame = { number: e.frame, points: { a: 0, b: 0 }, atTable: e.breaker, break: 0, potted: 0, highBreak: 0 };
    }
    if (e.type === 'visit' && s.frame) {
      const other = e.player === 'a' ? 'b' : 'a';
      s.frame.points[e.player] += e.points;
      s.frame.points[other] += e.foul;
      s.frame.potted += e.points;
      // A visit told whole hands the table over; one the feed says goes on keeps it (feed.ts visit).
      const goesOn = e.ended === false && e.foul === 0;
      s.frame.atTable = goesOn ? e.player : other;
      s.frame.break = goesOn ? e.break : 0;
      s.frame.highBreak = Math.max(s.frame.highBreak, e.break);
      s.highBreak = Math.max(s.highBreak, e.break);
    }
    if (e.type === 'frame_ended') {
      s.results.push({ number: e.frame, winner: e.winner, points: e.points, highBreak: s.frame?.highBreak ?? 0 });
      s.score[e.winner] += 1;
      s.frame = null;
    }
    if (e.type === 'match_ended') s.status = 'finished';
    if (e.type === 'match_abandoned') {
      s.status = 'cancelled';
      s.frame = null;
    }
    states.push(clone(s));
  }
  return states;
}

const clone = (s: BookState): BookState => structuredClone(s);

/** The outcome of a pick of a finished match, from its final state, by the rules text (docs/design.md §9). */
export function finishedOutcome(s: BookState, key: MarketKey, pick: taiqiu.Pick): Outcome {
  const { a, b } = s.score;
  const frames = a + b;
  const line = key.line ?? 0;
  const yes = (x: boolean): Outcome => (x ? 'won' : 'lost');
  const side = (winner: 'a' | 'b') => yes(pick === winner);
  const overUnder = (value: number) => (value === line ? 'void' : yes(value > line === (pick === 'over')));
  const frameResult = (): FrameResult | undefined => s.results.find((r) => r.number === key.frame);
  switch (key.type) {
    case 'winner':
      return side(a > b ? 'a' : 'b');
    case 'handicap':
      return a - b + line === 0 ? 'void' : side(a - b + line > 0 ? 'a' : 'b');
    case 'total':
      return overUnder(frames);
    case 'oddeven':
      return yes((frames % 2 === 1) === (pick === 'odd'));
    case 'correct_score':
      return yes(pick === `${a}:${b}`);
    case 'race_to': {
      const at = { a: 0, b: 0 };
      const first = s.results.find((r) => ++at[r.winner] === line);
      return side(first!.winner);
    }
    case 'frame_winner': {
      const r = frameResult();
      return r ? side(r.winner) : 'void';
    }
    case 'frame_points': {
      const r = frameResult();
      return r?.points ? overUnder(r.points.a + r.points.b) : 'void';
    }
    case 'frame_fifty': {
      const r = frameResult();
      return r && r.highBreak !== null ? yes(r.highBreak >= 50 === (pick === 'yes')) : 'void';
    }
    case 'century':
      return yes(s.highBreak >= 100 === (pick === 'yes'));
    case 'high_break':
      return overUnder(s.highBreak);
  }
}
