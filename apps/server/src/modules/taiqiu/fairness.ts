import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { sealInPlace, type SecretBox } from '../../platform/secret-box.js';
import { matches, type MatchRow } from './tables.js';

/*
 * Provably fair matches (docs/design.md §8): a match commits to its server seed before play (its
 * SHA-256 public from then on) and reveals the seed once it has ended. Draw n decides frame n + 1:
 * player a wins it iff float(seed, clientSeed, n) < frameWinA. The demo feed's matches commit in
 * their match_scheduled event and reveal in match_ended (the platform keeps the seed only if it
 * gives the hash); their client seed is `match:<the feed's id>`, public and fixed before the first
 * draw. Matches the simulator of earlier versions played used `match:<id>` and kept their seed here,
 * sealed (secret-box.ts) until their end.
 */

export const clientSeedOf = (m: Pick<MatchRow, 'id' | 'feedMatch'>): string => `match:${m.feedMatch ?? m.id}`;

const seedContext = (matchId: number) => `taiqiu_matches.server_seed:${matchId}`;

/** The seed an earlier version's simulated match keeps, opened; null for any other before its end. */
export const seedOf = (secrets: SecretBox, m: Pick<MatchRow, 'id' | 'serverSeed'>): string | null =>
  m.serverSeed === null ? null : secrets.open(m.serverSeed, seedContext(m.id));

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
    : { clientSeed: clientSeedOf(m), frameWinA: m.frameWinA, frames: [...m.frames] as ('a' | 'b')[] };

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
