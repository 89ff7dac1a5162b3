import { eq } from 'drizzle-orm';
import { ErrorCode, feed } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { refreshBook } from './book.js';
import { isLive, type Score } from './book/state.js';
import { announceStarted } from './matches.js';
import { scoreRule } from './settlement.js';
import { frames, matches, type MatchRow } from './tables.js';

/*
 * What an operator enters by hand (docs/design.md §9): the console is a feed provider of its own.
 * An entry on one of its matches is the match's next event: it takes the next number of the match's
 * sequence, as a provider's event would. On another provider's match it overrides the feed without
 * a number, so the provider's next event still follows on. Either way the feed module logs it
 * (modules/feed/operator-entries.ts) at the number this gives.
 */

/** Sets the live score: a scheduled match goes live; odds follow the score. The match is locked by the caller. */
export async function applyScoreByHand(tx: Tx, ctx: AppContext, m: MatchRow, score: Score) {
  if (m.status !== 'scheduled' && m.status !== 'live') {
    throw new AppError(ErrorCode.CONFLICT, 'matchStateChanged', { status: m.status });
  }
  if (!isLive(m.bestOf, score)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'matchScoreInvalid', scoreRule(m.bestOf), { field: 'a' });
  }
  await tx.update(matches).set({ status: 'live', scoreA: score.a, scoreB: score.b }).where(eq(matches.id, m.id));
  await announceStarted(tx, ctx, m);
  await recordFrameByHand(tx, m, score);
  await refreshBook(tx, ctx, m.id);
  return { id: m.id, status: 'live' as const, score };
}

/**
 * A score one frame on from the last names that frame's winner: its markets settle by it. A score
 * that jumps further (or back) names none, and those frames' markets are void (book/frame-kinds.ts).
 */
async function recordFrameByHand(tx: Tx, before: MatchRow, score: Score): Promise<void> {
  const gained = { a: score.a - before.scoreA, b: score.b - before.scoreB };
  if (gained.a + gained.b !== 1 || gained.a < 0 || gained.b < 0) return;
  await tx
    .insert(frames)
    .values({ matchId: before.id, frame: score.a + score.b, winner: gained.a ? 'a' : 'b' })
    .onConflictDoNothing();
}

/** Where an entry just applied to the match stands in its feed's sequence; null for a match no feed plays. */
export interface EntryPlace {
  providerId: string;
  feedMatch: string;
  seq: number;
}

/**
 * Numbers the entry just applied to the match (locked by the caller; `m` as read before it): the
 * console's match moves on to its next number, another provider's stays where its feed has it.
 */
export async function numberEntryByHand(tx: Tx, ctx: AppContext, m: MatchRow): Promise<EntryPlace | null> {
  if (!m.feedProviderId || !m.feedMatch) return null;
  const place = { providerId: m.feedProviderId, feedMatch: m.feedMatch, seq: m.feedSeq };
  if (m.feedProviderId !== feed.CONSOLE_PROVIDER) return place;
  place.seq += 1;
  await tx.update(matches).set({ feedSeq: place.seq, feedHeardAt: ctx.now() }).where(eq(matches.id, m.id));
  return place;
}
