import type { feed } from '@breakshot/contracts';
import { float } from '../../platform/fair.js';
import { playFrame, seededDraws, type Side } from './snooker.js';

/*
 * A demo match from first event to last, with when each is due: the whole of it follows from the
 * match's seed (provably fair, docs/design.md §8). Frame n's winner is a iff
 * float(seed, `match:<ref>`, n) < frameWinA, as for every simulated match; the visits that get
 * there come from the seed's own stream for the frame (snooker.ts).
 */

export interface DemoMatch {
  ref: string;
  serverSeed: string;
  seedHash: string;
  playerA: string;
  playerB: string;
  bestOf: number;
  frameWinA: number;
  startAt: Date;
}

export interface TimedEvent {
  event: feed.FeedEvent;
  /** When it is sent, in ms since the epoch. */
  dueAt: number;
}

/** Between frames, ms. */
export const BREAK_MS = 5_000;
/** A visit takes this long and this much more per point scored, ms. */
const VISIT_MS = 1_200;
const PER_POINT_MS = 60;

/** The client seed of the match's draws: its feed id, fixed before the first draw. */
export const clientSeedOf = (ref: string) => `match:${ref}`;

export function timeline(m: DemoMatch): TimedEvent[] {
  const out: TimedEvent[] = [];
  let at = m.startAt.getTime();
  const push = (dueAt: number, body: Record<string, unknown>) => {
    const seq = out.length + 1;
    const event = { id: `${m.ref}:${seq}`, match: m.ref, seq, at: new Date(dueAt).toISOString(), ...body };
    out.push({ event: event as feed.FeedEvent, dueAt });
  };
  push(0, {
    type: 'match_scheduled',
    playerA: m.playerA,
    playerB: m.playerB,
    bestOf: m.bestOf,
    startAt: m.startAt.toISOString(),
    frameWinA: m.frameWinA,
    seedHash: m.seedHash,
  });
  push(at, { type: 'match_started' });
  const score = { a: 0, b: 0 };
  const need = (m.bestOf + 1) / 2;
  for (let n = 0; score.a < need && score.b < need; n += 1) {
    const frame = n + 1;
    const breaker: Side = n % 2 === 0 ? 'a' : 'b';
    const winner: Side = float(m.serverSeed, clientSeedOf(m.ref), n) < m.frameWinA ? 'a' : 'b';
    const play = playFrame(seededDraws(m.serverSeed, `${clientSeedOf(m.ref)}:visits`, n), winner, breaker, m.frameWinA);
    push(at, { type: 'frame_started', frame, breaker });
    for (const v of play.visits) {
      at += VISIT_MS + v.points * PER_POINT_MS;
      push(at, { type: 'visit', frame, player: v.player, points: v.points, break: v.points, foul: v.foul });
    }
    score[winner] += 1;
    push(at, { type: 'frame_ended', frame, winner, points: play.score });
    at += BREAK_MS;
  }
  push(at, { type: 'match_ended', score, serverSeed: m.serverSeed });
  return out;
}
