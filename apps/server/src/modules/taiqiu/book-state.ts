import { asc, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import type { BookState } from './book/state.js';
import { frames, type FrameRow, type MatchRow } from './tables.js';

/** The frames played of the match, in order. */
export const framesOf = (db: Conn, matchId: number): Promise<FrameRow[]> =>
  db.select().from(frames).where(eq(frames.matchId, matchId)).orderBy(asc(frames.frame));

/** The state the book prices and settles from (book/state.ts), as the match's rows hold it. */
export function bookStateOf(m: MatchRow, played: FrameRow[]): BookState {
  const inPlay = m.phase === 'frame' && m.frameNo > 0 && m.status === 'live';
  return {
    bestOf: m.bestOf,
    p: m.frameWinA,
    status: m.status,
    score: { a: m.scoreA, b: m.scoreB },
    frame: inPlay
      ? {
          number: m.frameNo,
          points: { a: m.framePointsA, b: m.framePointsB },
          atTable: m.atTable,
          break: m.currentBreak,
          potted: m.framePotted,
          highBreak: m.frameHighBreak,
        }
      : null,
    results: played.map((f) => ({
      number: f.frame,
      winner: f.winner,
      points: f.pointsA === null || f.pointsB === null ? null : { a: f.pointsA, b: f.pointsB },
      highBreak: f.highBreak,
    })),
    highBreak: m.highBreak,
    breaksKnown: m.breaksKnown,
  };
}
