import { feed } from '@breakshot/contracts';
import type { DemoMatch, TimedEvent } from './timeline.js';

/*
 * A demo match far behind its schedule (the server was down, or its clock jumped) is not replayed
 * event by event: one snapshot takes it to where it should be, as a real feed catches up after an
 * outage (docs/design.md §9). Its last frame's end and its own end still go as events, so the
 * match finishes, reveals its seed and settles as any other.
 */

/** More events due than this at once, and the match catches up by a snapshot. */
export const CATCH_UP_EVENTS = 40;

/**
 * Where a snapshot may take the match, given `due` events of it due: at most before its last
 * frame's end (a snapshot shows a match still to be won).
 */
export function catchUpPoint(events: TimedEvent[], due: number): number {
  const lastFrameEnd = events.length - 2;
  return Math.min(due, lastFrameEnd);
}

/** The match as its first `count` events leave it, as a snapshot of event `count`. */
export function snapshotAfter(m: DemoMatch, events: TimedEvent[], count: number): feed.FeedSnapshot {
  const score = { a: 0, b: 0 };
  const frames: ('a' | 'b')[] = [];
  let frame: feed.FeedSnapshot['frame'] = null;
  let started = false;
  for (const { event: e } of events.slice(0, count)) {
    if (e.type === 'match_started') started = true;
    else if (e.type === 'frame_started') {
      frame = { number: e.frame, points: { a: 0, b: 0 }, atTable: e.breaker, break: 0 };
    } else if (e.type === 'visit' && frame) {
      const other = e.player === 'a' ? 'b' : 'a';
      frame.points[e.player] += e.points;
      frame.points[other] += e.foul;
      ({ atTable: frame.atTable, break: frame.break } = feed.tableAfter(e));
    } else if (e.type === 'frame_ended') {
      score[e.winner] += 1;
      frames.push(e.winner);
      frame = null;
    }
  }
  return {
    match: m.ref,
    seq: count,
    at: events[count - 1]!.event.at,
    status: started ? 'live' : 'scheduled',
    playerA: m.playerA,
    playerB: m.playerB,
    bestOf: m.bestOf as feed.FeedSnapshot['bestOf'],
    startAt: m.startAt.toISOString(),
    score,
    frame,
    frames,
  };
}
