import { frameWinChance } from './frame-model.js';
import { framesToWin, isLive, type BookState, type Score, type Side } from './state.js';

/*
 * Every way the rest of the match can go, frame by frame, with its chance: the frame in play
 * won with the frame model's chance, every later frame with the prior p, frames independent.
 * At most 924 paths (best of 11 from 0:0); the match-level markets read their chances off them.
 */

export interface MatchPath {
  /** The winners of the frames still to be decided, the frame in play first. */
  frames: Side[];
  final: Score;
  prob: number;
}

export function matchPaths(s: BookState): MatchPath[] {
  if (!isLive(s.bestOf, s.score)) return [{ frames: [], final: s.score, prob: 1 }];
  const need = framesToWin(s.bestOf);
  const first = s.frame ? frameWinChance(s.p, s.frame) : s.p;
  const paths: MatchPath[] = [];
  const walk = (score: Score, frames: Side[], prob: number) => {
    if (score.a === need || score.b === need) {
      paths.push({ frames, final: score, prob });
      return;
    }
    const pa = frames.length === 0 ? first : s.p;
    walk({ a: score.a + 1, b: score.b }, [...frames, 'a'], prob * pa);
    walk({ a: score.a, b: score.b + 1 }, [...frames, 'b'], prob * (1 - pa));
  };
  walk(s.score, [], 1);
  return paths;
}

/** The side that first reaches n frames on the path, counting from the score. */
export function firstTo(n: number, score: Score, frames: Side[]): Side | null {
  const at = { ...score };
  if (at.a >= n) return 'a';
  if (at.b >= n) return 'b';
  for (const side of frames) {
    at[side] += 1;
    if (at[side] === n) return side;
  }
  return null;
}

/** Frames still to start on the path: all of them, less the one in play. */
export const framesToStart = (s: BookState, path: MatchPath) => path.frames.length - (s.frame ? 1 : 0);
