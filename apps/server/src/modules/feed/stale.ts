import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Job } from '../../platform/scheduler.js';
import { setFeedState, silentFeedMatches } from '../taiqiu/service.js';
import { feedProviders } from './tables.js';

/** Advisory lock of the job. */
const STALE_LOCK = 7_204_813;

/**
 * Every second: a live match its provider has sent nothing for longer than the provider's stale
 * time is held as stale, its markets suspended, until its next event (sequence.ts reopens it).
 */
export function feedStaleJob(ctx: AppContext): Job {
  return {
    name: 'feed-stale',
    everyMs: 1_000,
    lockKey: STALE_LOCK,
    run: async (tx, now) => {
      // Not the console's: an operator scores its matches when they will.
      const providers = await tx
        .select()
        .from(feedProviders)
        .where(and(eq(feedProviders.enabled, true), ne(feedProviders.secret, '')));
      for (const p of providers) {
        const silentSince = new Date(now.getTime() - p.staleSeconds * 1_000);
        for (const matchId of await silentFeedMatches(tx, p.id, silentSince)) {
          await setFeedState(tx, ctx, matchId, 'stale');
        }
      }
    },
  };
}
