import { feed } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { hueOf, initialsAvatar } from './avatar.js';
import { insertMarket, refreshBook } from './book.js';
import { bookStateOf } from './book-state.js';
import { matchMarketKeys } from './book/kinds.js';
import { DEFAULT_MAX_STAKE, DEFAULT_MIN_STAKE } from './matches.js';
import { matches, type MarketSettings, type MatchRow } from './tables.js';

export interface NewMatch {
  playerA: string;
  playerB: string;
  bestOf: number;
  startAt: Date;
  /** Chance that player a wins a frame. */
  frameWinA: number;
  handicapLine?: number | undefined;
  totalLine?: number | undefined;
  minStake?: number | undefined;
  maxStake?: number | undefined;
  /** A match the data feed plays: its provider, the provider's id for it and its seed's hash, if it commits to one. */
  feed?: { providerId: string; match: string; seedHash: string | null };
}

/** Scored by hand, a match has no visits: the types that need them are off unless the operator switches them on. */
const OFF_WITHOUT_VISITS: MarketSettings = {
  frame_points: { off: true },
  frame_fifty: { off: true },
  century: { off: true },
  high_break: { off: true },
};

/** Creates a scheduled match with its markets, priced from the prior (book.ts); tells every open page. */
export async function createMatch(tx: Tx, ctx: AppContext, input: NewMatch): Promise<MatchRow> {
  const [match] = await tx
    .insert(matches)
    .values({
      playerAName: input.playerA,
      playerAAvatar: initialsAvatar(input.playerA, hueOf(input.playerA)),
      playerBName: input.playerB,
      playerBAvatar: initialsAvatar(input.playerB, hueOf(input.playerB)),
      bestOf: input.bestOf,
      startAt: input.startAt,
      frameWinA: input.frameWinA,
      seedHash: input.feed?.seedHash ?? null,
      feedProviderId: input.feed?.providerId ?? null,
      feedMatch: input.feed?.match ?? null,
      feedHeardAt: input.feed ? ctx.now() : null,
      marketSettings: input.feed?.providerId === feed.CONSOLE_PROVIDER ? OFF_WITHOUT_VISITS : {},
      createdAt: ctx.now(),
    })
    .returning();
  if (!match) throw new Error('match insert returned no row');
  const limits = { minStake: input.minStake ?? DEFAULT_MIN_STAKE, maxStake: input.maxStake ?? DEFAULT_MAX_STAKE };
  const lines = { handicap: input.handicapLine, total: input.totalLine };
  for (const key of matchMarketKeys(bookStateOf(match, []), lines)) await insertMarket(tx, match, key, limits);
  await refreshBook(tx, ctx, match.id);
  return match;
}
