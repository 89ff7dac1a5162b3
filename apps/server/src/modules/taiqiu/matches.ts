import { asc, eq, inArray } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { registerGame } from '../bets/service.js';
import { marketName, selectionName } from './labels.js';
import { frameOf } from './frame.js';
import { cashoutRecordsOf } from './cashout/records.js';
import { valuesRider } from './cashout/values-rider.js';
import { PARLAY_ROUND, slipOf } from './parlay/slips.js';
import { bookMoved } from './trading/news.js';
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
  parlay: (db, bet) => (bet.roundId === PARLAY_ROUND ? slipOf(db, bet) : Promise.resolve(null)),
  cashouts: cashoutRecordsOf,
  labels(bet, lang) {
    if (bet.marketType === null || bet.pick === null) return null;
    const [a, b] = bet.gameName.split(' vs ');
    return {
      marketName: marketName(bet.marketType, lang, bet),
      selectionName: a && b ? selectionName(bet.marketType, bet.line, bet.pick, { a, b }, lang) : bet.selectionName,
    };
  },
});

/** Stake limits of a new market unless the operator sets them: ¥10 – ¥10,000. */
export const DEFAULT_MIN_STAKE = 1_000;
export const DEFAULT_MAX_STAKE = 1_000_000;

export type MarketWithSelections = MarketRow & { selections: SelectionRow[] };

export interface MatchState {
  match: MatchRow;
  markets: MarketWithSelections[];
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

/** The match's markets players see: not those of types the operator has switched off for it. */
export const offeredMarkets = (m: MatchRow, list: MarketWithSelections[]) =>
  list.filter((k) => k.matchId === m.id && !m.marketSettings[k.type]?.off);

/**
 * The selections of a market shown for sale: while it is not closed, not those already decided
 * (a final score out of reach); once closed, every one, with its outcome's odds as they were.
 */
export const onSale = (m: MarketWithSelections) =>
  m.status === 'closed' ? m.selections : m.selections.filter((s) => s.result === null);

/** A scheduled match went live (`match.started`: the players who starred it are told). */
export async function announceStarted(tx: Tx, ctx: AppContext, m: MatchRow): Promise<void> {
  if (m.status !== 'scheduled') return;
  await ctx.events.emit(tx, ctx, 'match.started', {
    matchId: m.id,
    playerA: m.playerAName,
    playerB: m.playerBName,
    at: ctx.now(),
  });
}

/**
 * Sends MATCH_UPDATED with the match's state and markets to every live connection, on commit; each
 * player with open bets on it gets their cash-out values with it (cashout/values-rider.ts).
 */
export async function publishMatch(tx: Tx, ctx: AppContext, matchId: number): Promise<void> {
  const state = await loadMatch(tx, matchId);
  if (state) await publishState(tx, ctx, state);
}

/** MATCH_UPDATED of the match as the caller holds it (current in this transaction), with the visit that moved it, on commit. */
export async function publishState(
  tx: Tx,
  ctx: AppContext,
  { match, markets: all }: MatchState,
  visit?: taiqiu.Visit,
): Promise<void> {
  await ctx.live.notifyAll(
    {
      type: 'MATCH_UPDATED',
      matchId: match.id,
      status: match.status,
      score: { a: match.scoreA, b: match.scoreB },
      frame: frameOf(match),
      markets: offeredMarkets(match, all).map((m) => ({
        id: m.id,
        type: m.type,
        ...(m.line === null ? {} : { line: m.line }),
        ...(m.frame === null ? {} : { frame: m.frame }),
        status: m.status,
        selections: onSale(m).map((s) => ({ id: s.id, pick: s.pick, odds: s.oddsMilli / 1000 })),
      })),
      ...(visit ? { visit } : {}),
    },
    tx,
    valuesRider(match.id),
  );
  await bookMoved(ctx, tx, [match.id]);
}
