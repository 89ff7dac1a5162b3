import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { hueOf, initialsAvatar } from './avatar.js';
import { defaultHandicapLine, defaultTotalLine, PICKS_OF, priceMarket } from './pricing.js';
import { registerGame } from '../bets/service.js';
import { marketName, selectionName } from './labels.js';
import { frameOf } from './frame.js';
import { markets, matches, selections, type MarketRow, type MatchRow, type SelectionRow } from './tables.js';

// A billiards bet's round is its match, named by its players ("A vs B", the bet's game name) and
// start; its market and selection read in the reader's language (player names read the same).
registerGame('taiqiu', {
  async round(db, roundId) {
    const id = Number(roundId);
    if (!Number.isSafeInteger(id)) return null;
    const [m] = await db.select().from(matches).where(eq(matches.id, id));
    return m ? { title: `${m.playerAName} vs ${m.playerBName}`, startAt: m.startAt } : null;
  },
  labels(bet, lang) {
    if (bet.marketType === null || bet.pick === null) return null;
    const [a, b] = bet.gameName.split(' vs ');
    return {
      marketName: marketName(bet.marketType, lang),
      selectionName: a && b ? selectionName(bet.marketType, bet.line, bet.pick, { a, b }, lang) : bet.selectionName,
    };
  },
});

/** Stake limits of a new market unless the operator sets them: ¥10 – ¥10,000. */
export const DEFAULT_MIN_STAKE = 1_000;
export const DEFAULT_MAX_STAKE = 1_000_000;

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

export type MarketWithSelections = MarketRow & { selections: SelectionRow[] };

export interface MatchState {
  match: MatchRow;
  markets: MarketWithSelections[];
}

const MARKET_ORDER: taiqiu.MarketType[] = ['winner', 'handicap', 'total', 'oddeven'];

/** Creates a scheduled match with its four markets priced at 0:0; tells every open page. */
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
      createdAt: ctx.now(),
    })
    .returning();
  if (!match) throw new Error('match insert returned no row');
  const lines: Record<taiqiu.MarketType, number | null> = {
    winner: null,
    handicap: input.handicapLine ?? defaultHandicapLine(input.frameWinA),
    total: input.totalLine ?? defaultTotalLine(input.frameWinA, input.bestOf),
    oddeven: null,
  };
  for (const type of MARKET_ORDER) {
    const [market] = await tx
      .insert(markets)
      .values({
        matchId: match.id,
        type,
        line: lines[type],
        minStake: input.minStake ?? DEFAULT_MIN_STAKE,
        maxStake: input.maxStake ?? DEFAULT_MAX_STAKE,
      })
      .returning();
    if (!market) throw new Error('market insert returned no row');
    const price = priceMarket(type, lines[type], input.frameWinA, input.bestOf, { a: 0, b: 0 });
    await tx
      .insert(selections)
      .values(PICKS_OF[type].map((pick) => ({ marketId: market.id, pick, oddsMilli: price.odds[pick] ?? 2_000 })));
  }
  await publishMatch(tx, ctx, match.id);
  return match;
}

/** The match and its markets with selections, or null. `lock` takes the rows for update. */
export async function loadMatch(db: Conn, id: number, lock = false): Promise<MatchState | null> {
  const query = db.select().from(matches).where(eq(matches.id, id));
  const [match] = lock ? await query.for('update') : await query;
  if (!match) return null;
  return { match, markets: await marketsOf(db, [id], lock) };
}

/** Markets of the matches in display order, each with its selections. */
export async function marketsOf(db: Conn, matchIds: number[], lock = false): Promise<MarketWithSelections[]> {
  if (matchIds.length === 0) return [];
  const query = db.select().from(markets).where(inArray(markets.matchId, matchIds)).orderBy(asc(markets.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length === 0) return [];
  const sels = await db
    .select()
    .from(selections)
    .where(
      inArray(
        selections.marketId,
        rows.map((m) => m.id),
      ),
    )
    .orderBy(asc(selections.id));
  return rows.map((m) => ({ ...m, selections: sels.filter((s) => s.marketId === m.id) }));
}

/**
 * Moves every odds not fixed by the operator to the match's score and closes the markets whose
 * outcome is now certain. Call it with the match's markets locked.
 */
export async function repriceMatch(tx: Tx, match: MatchRow, marketRows: MarketWithSelections[]): Promise<void> {
  const score = { a: match.scoreA, b: match.scoreB };
  for (const market of marketRows) {
    if (market.status === 'closed') continue;
    const price = priceMarket(market.type, market.line, match.frameWinA, match.bestOf, score);
    if (price.decided) {
      await tx.update(markets).set({ status: 'closed' }).where(eq(markets.id, market.id));
      continue;
    }
    for (const sel of market.selections) {
      const odds = price.odds[sel.pick];
      if (sel.oddsFixed || odds === undefined || odds === sel.oddsMilli) continue;
      await tx.update(selections).set({ oddsMilli: odds }).where(eq(selections.id, sel.id));
    }
  }
}

/** Suspends (or reopens) the match's markets that the operator has not held and that are not closed. */
export async function setMarketsSuspended(tx: Tx, matchId: number, suspended: boolean): Promise<void> {
  await tx
    .update(markets)
    .set({ status: suspended ? 'suspended' : 'open' })
    .where(and(eq(markets.matchId, matchId), ne(markets.status, 'closed'), eq(markets.held, false)));
}

/** Sends MATCH_UPDATED with the match's state and markets to every live connection, on commit. */
export async function publishMatch(tx: Tx, ctx: AppContext, matchId: number): Promise<void> {
  const state = await loadMatch(tx, matchId);
  if (!state) return;
  const { match } = state;
  await ctx.live.notifyAll(
    {
      type: 'MATCH_UPDATED',
      matchId: match.id,
      status: match.status,
      score: { a: match.scoreA, b: match.scoreB },
      frame: frameOf(match),
      markets: state.markets.map((m) => ({
        id: m.id,
        type: m.type,
        ...(m.line === null ? {} : { line: m.line }),
        status: m.status,
        selections: m.selections.map((s) => ({ id: s.id, pick: s.pick, odds: s.oddsMilli / 1000 })),
      })),
    },
    tx,
  );
}
