import type { taiqiu } from '@breakshot/contracts';

/*
 * What the book prices and settles from: the match as the feed has told it so far. Built from the
 * match's row and its frames' results (../book-store.ts); the model and the market kinds read only
 * this, so they are pure and testable against a replay of the events (docs/design.md §9).
 */

export type Side = 'a' | 'b';

export interface Score {
  a: number;
  b: number;
}

/** The frame being played. */
export interface FrameNow {
  number: number;
  points: Score;
  atTable: Side | null;
  /** The break of the player at the table. */
  break: number;
  /** Points potted in the frame so far (fouls' penalties are not potted: they leave the balls on the table). */
  potted: number;
  /** The frame's highest break so far. */
  highBreak: number;
}

/** A frame played. Points and highest break are null when the feed skipped its visits (a snapshot). */
export interface FrameResult {
  number: number;
  winner: Side;
  points: Score | null;
  highBreak: number | null;
}

export interface BookState {
  bestOf: number;
  /** The trader's prior: the chance player a wins a frame. */
  p: number;
  status: taiqiu.MatchStatus;
  /** Frames won. */
  score: Score;
  frame: FrameNow | null;
  /** The frames played, in order. */
  results: FrameResult[];
  /** The match's highest break so far, the frame in play's included. */
  highBreak: number;
  /** Every break of the match is known (no snapshot has skipped visits). */
  breaksKnown: boolean;
}

/** One market: its type, line and (frame markets) the frame it is about. */
export interface MarketKey {
  type: taiqiu.MarketType;
  line: number | null;
  frame: number | null;
}

export type Outcome = 'won' | 'lost' | 'void';

export const framesToWin = (bestOf: number) => (bestOf + 1) / 2;

/** A finished score: one side has won the frames needed, the other fewer. */
export const isFinal = (bestOf: number, s: Score) => {
  const need = framesToWin(bestOf);
  return (s.a === need) !== (s.b === need) && s.a <= need && s.b <= need;
};

/** A score while playing: neither side has won yet. */
export const isLive = (bestOf: number, s: Score) => s.a < framesToWin(bestOf) && s.b < framesToWin(bestOf);

export const isEnded = (s: BookState) => s.status === 'finished' || s.status === 'cancelled';
