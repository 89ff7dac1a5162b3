import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { float } from '../../platform/fair.js';
import { sealInPlace, type SecretBox } from '../../platform/secret-box.js';
import { matches, type MatchRow } from './tables.js';

/*
 * Provably fair simulated matches (docs/design.md §8): each commits to its own server seed when it is
 * drawn (its SHA-256 is public from then on) and reveals the seed once it has ended, finished or
 * cancelled (a cancelled match's seed decides nothing any more). The simulator's draw n decides a
 * frame: player a wins it iff float(seed, `match:<id>`, n) < frameWinA. The id is public and fixed
 * before the first draw, so it serves as the client seed. Until the match ends its seed is stored
 * sealed (secret-box.ts), so a copy of the database predicts no frame; the match's end writes it
 * in the clear, as every page shows it from then on.
 */

export const clientSeedOf = (matchId: number): string => `match:${matchId}`;

const seedContext = (matchId: number) => `taiqiu_matches.server_seed:${matchId}`;

/** The seed as a match to be played stores it. */
export const sealSeed = (secrets: SecretBox, matchId: number, serverSeed: string): string =>
  secrets.seal(serverSeed, seedContext(matchId));

/** The match's seed itself; null for an operator-run match. */
export const seedOf = (secrets: SecretBox, m: Pick<MatchRow, 'id' | 'serverSeed'>): string | null =>
  m.serverSeed === null ? null : secrets.open(m.serverSeed, seedContext(m.id));

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

const toPlay = inArray(matches.status, ['scheduled', 'live']);

/**
 * Run at start: seals the seeds of matches still to be played that were stored before seeds were
 * sealed, and opens the sealed ones, so a wrong key stops the start (SecretsKeyMismatch).
 */
export async function sealMatchSeeds(ctx: Pick<AppContext, 'db' | 'secrets'>): Promise<void> {
  const rows = await ctx.db
    .select({ id: matches.id, serverSeed: matches.serverSeed })
    .from(matches)
    .where(and(toPlay, isNotNull(matches.serverSeed)));
  await sealInPlace(ctx.secrets, rows, {
    value: (row) => row.serverSeed!,
    context: (row) => seedContext(row.id),
    // Not one that has ended meanwhile: its seed is public now, in the clear.
    store: (row, serverSeed) =>
      ctx.db
        .update(matches)
        .set({ serverSeed })
        .where(and(eq(matches.id, row.id), toPlay, eq(matches.serverSeed, row.serverSeed!))),
  });
}
