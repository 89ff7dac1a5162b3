import type { taiqiu } from '@breakshot/contracts';
import { float } from '../../platform/fair.js';
import type { MatchRow } from './tables.js';

/*
 * Provably fair simulated matches (DESIGN.md §8): each commits to its own server seed when it is
 * drawn (its SHA-256 is public from then on) and reveals the seed once it has ended, finished or
 * cancelled (a cancelled match's seed decides nothing any more). The simulator's draw n decides a
 * frame: player a wins it iff float(seed, `match:<id>`, n) < frameWinA. The id is public and fixed
 * before the first draw, so it serves as the client seed.
 */

export const clientSeedOf = (matchId: number): string => `match:${matchId}`;

/** Winner of the simulator's draw n of the match. */
export const drawnWinner = (serverSeed: string, match: Pick<MatchRow, 'id' | 'frameWinA'>, n: number): 'a' | 'b' =>
  float(serverSeed, clientSeedOf(match.id), n) < match.frameWinA ? 'a' : 'b';

const ended = (m: MatchRow) => m.status === 'finished' || m.status === 'cancelled';

/** The commitment as anyone may see it: the seed only once the match has ended. */
export const commitmentView = (m: MatchRow): Pick<taiqiu.MatchItem, 'seedHash' | 'serverSeed'> => ({
  seedHash: m.seedHash,
  serverSeed: ended(m) ? m.serverSeed : null,
});

/** What verifies the match's frames; null for an operator-run match. */
export const fairnessOf = (m: MatchRow): taiqiu.Fairness | null =>
  m.seedHash === null
    ? null
    : { clientSeed: clientSeedOf(m.id), frameWinA: m.frameWinA, frames: [...m.frames] as ('a' | 'b')[] };
