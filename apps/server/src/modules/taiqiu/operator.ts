import { eq } from 'drizzle-orm';
import { ErrorCode, taiqiu, type taiqiuAdmin } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { marginOf, refreshBook } from './book.js';
import { DEFAULT_MARGIN_BP } from './book/kinds.js';
import { loadMatch, publishMatch, type MatchState } from './matches.js';
import { playersOf, toMarket } from './views.js';
import { markets, matches, selections, type MarketSettings, type MatchRow } from './tables.js';
import { liabilityLimitOf, type TradingRulesRow } from './trading/rules.js';

/*
 * The operator's live controls. Each locks the match, then its markets (the order every writer
 * and every bet follows), changes them, and tells open pages on commit.
 */

/** Fixes a selection's odds: the score no longer moves them. */
export async function setOdds(tx: Tx, ctx: AppContext, selectionId: number, odds: number) {
  const [sel] = await tx.select().from(selections).where(eq(selections.id, selectionId));
  if (!sel) throw new AppError(ErrorCode.NOT_FOUND, 'selectionNotFound', undefined, { field: 'selectionId' });
  const market = await lockedMarket(tx, sel.marketId);
  if (market.status === 'closed') throw new AppError(ErrorCode.UNPROCESSABLE, 'marketClosed');
  await tx
    .update(selections)
    .set({ oddsMilli: Math.round(odds * 1000), oddsFixed: true })
    .where(eq(selections.id, selectionId));
  await publishMatch(tx, ctx, market.matchId);
  const state = await loadMatch(tx, market.matchId);
  return toMarket(
    state!.markets.find((m) => m.id === market.id)!,
    playersOf(state!.match),
    'zh-CN',
  );
}

/**
 * Suspends a market until the operator opens it again (the feed leaves it alone); opened, it is
 * open again when the match takes bets (book.ts).
 */
export async function holdMarket(tx: Tx, ctx: AppContext, marketId: number, held: boolean) {
  const market = await lockedMarket(tx, marketId);
  if (market.status === 'closed') throw new AppError(ErrorCode.UNPROCESSABLE, 'marketClosed');
  await tx.update(markets).set({ held }).where(eq(markets.id, marketId));
  await refreshBook(tx, ctx, market.matchId);
  const [row] = await tx.select({ status: markets.status }).from(markets).where(eq(markets.id, marketId));
  return { id: marketId, status: row!.status };
}

/** Sets a market type's switch and margin for the match (locked by the caller); the book re-prices. */
export async function setMarketSettings(
  tx: Tx,
  ctx: AppContext,
  match: MatchRow,
  type: taiqiu.MarketType,
  setting: NonNullable<MarketSettings[taiqiu.MarketType]>,
): Promise<void> {
  await tx
    .update(matches)
    .set({ marketSettings: { ...match.marketSettings, [type]: setting } })
    .where(eq(matches.id, match.id));
  await refreshBook(tx, ctx, match.id);
}

/** Every market type's switch, margin and liability limit for the match, as the console shows them. */
export const settingsOf = (m: MatchRow, book: TradingRulesRow): taiqiuAdmin.MarketSetting[] =>
  taiqiu.marketTypes.map((type) => ({
    type,
    off: m.marketSettings[type]?.off ?? false,
    marginBp: marginOf(m, type),
    defaultMarginBp: DEFAULT_MARGIN_BP[type],
    liabilityLimit: liabilityLimitOf(book, m, type),
    defaultLiabilityLimit: liabilityLimitOf(book, { marketSettings: {} }, type),
  }));

/** The match and its markets, locked in that order. */
export async function lockedMatch(tx: Tx, matchId: number): Promise<MatchState> {
  const state = await loadMatch(tx, matchId, true);
  if (!state) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  return state;
}

async function lockedMarket(tx: Tx, marketId: number) {
  const [found] = await tx.select({ matchId: markets.matchId }).from(markets).where(eq(markets.id, marketId));
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'marketNotFound', undefined, { field: 'marketId' });
  const state = await lockedMatch(tx, found.matchId);
  return state.markets.find((m) => m.id === marketId)!;
}
