import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type taiqiu } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn, type Tx } from '../../platform/db.js';
import { AppError, pgConstraint } from '../../platform/errors.js';
import { preparedInTransaction } from '../../platform/prepared.js';
import {
  BET_REQUEST_UNIQUE,
  betOfRequest,
  backsOtherSelectionColumn,
  placeBet,
  requestUsedColumn,
  returnOf,
  type BetRow,
} from '../bets/service.js';
import { excludedUntilColumn, refuseBetExcludedUntil } from '../limits/service.js';
import { getSysConfig } from '../system/service.js';
import { refuseUnlessForSale } from './for-sale.js';
import { marketName, selectionName } from './labels.js';
import { playersOf } from './views.js';
import { markets, matches, playerLimits, selections, tradingRules } from './tables.js';
import { fullAfter, roomOnMarket, stakeWithin, suspendAtLimit } from './trading/limits.js';
import { raiseAlert } from './trading/alerts.js';
import { maxStakeFor } from './trading/player-limits.js';
import { liabilityLimitOf } from './trading/rules.js';
import { bookMoved } from './trading/news.js';

type BetInput = z.output<typeof taiqiu.betRequest>;

/**
 * Places a billiards bet: the match must not have ended, the market must be open, the selection
 * one of its own, the odds unchanged (or the change accepted), the stake within the market's
 * limits (the player's share of them) and its liability limit, and the balance. The bet row and the stake's debit are one transaction. The match,
 * market and selection rows are share-locked, so settlement and odds moves wait for the bet
 * and the bet sees them only once committed. A request id already used by the player answers
 * with its bet (replay) before any of these checks: the bet stands whatever happened since.
 */
export async function placeTaiqiuBet(ctx: AppContext, userId: number, input: BetInput) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { answer, full } = await inTransaction(ctx.db, (tx) => placeIn(tx, ctx, userId, input));
      if (full) await suspendAtLimit(ctx, input.matchId, input.marketId);
      return answer;
    } catch (err) {
      if (err instanceof AppError && err.messageKey === 'marketAtLimit') {
        await suspendAtLimit(ctx, input.matchId, input.marketId);
      }
      // The same request id's bet committed while this one ran: the next run replays it.
      if (pgConstraint(err) !== BET_REQUEST_UNIQUE || attempt === 3) throw err;
    }
  }
}

/**
 * The bet placed (or replayed), and whether it filled its market to the limit: no room is left
 * on its selection for the market's minimum stake (trading/limits.ts).
 */
async function placeIn(tx: Tx, ctx: AppContext, userId: number, input: BetInput) {
  const plan = await betPlan(tx, ctx, userId, input);
  if (plan.kind === 'replay') return { answer: plan.answer, full: false };
  const placed = await writeBet(tx, ctx, plan);
  await bookMoved(ctx, tx, [plan.matchId]);
  return placed;
}

/** A bet checked and ready to write (betPlan), or the answer of the request's earlier bet. */
export type BetPlan = Awaited<ReturnType<typeof betPlan>>;
type NewTaiqiuBet = Extract<BetPlan, { kind: 'new' }>;

/**
 * Every check of the bet, by reads only (the selection's row locks aside): so a check that
 * refuses (an AppError) leaves the transaction as it found it, and a batch of bets in one
 * transaction (bet-batch.ts) can refuse one and write the others.
 */
export async function betPlan(tx: Tx, ctx: AppContext, userId: number, input: BetInput) {
  const found = await lockedSelection(tx, userId, input, ctx.now());
  if ('earlier' in found) return { kind: 'replay' as const, answer: replayBet(found.earlier, input) };
  const { match, market, sel, excludedUntil, book, player, otherSide } = found;

  const forPlayer = { match, market: { ...market, maxStake: maxStakeFor(market, player) }, sel };
  await refuseUnlessForSale(forPlayer, input, { odds: 'odds', stake: 'stake' }, () => currencySymbolOf(tx));
  await refuseBetExcludedUntil(tx, excludedUntil);
  const limit = liabilityLimitOf(book, match, market.type);
  const room = limit === null ? null : await roomOnMarket(tx, match.id, market, sel, limit);
  const stake = room === null ? input.stake : stakeWithin(room, input.stake, market);
  const players = playersOf(match);
  return {
    kind: 'new' as const,
    matchId: match.id,
    bet: {
      userId,
      gameType: 'taiqiu' as const,
      gameName: `${players.a} vs ${players.b}`,
      roundId: String(match.id),
      marketId: market.id,
      marketType: market.type,
      marketName: marketName(market.type, 'zh-CN', market),
      selectionId: sel.id,
      pick: sel.pick,
      selectionName: selectionName(market.type, market.line, sel.pick, players, 'zh-CN'),
      line: market.line,
      frame: market.frame,
      oddsMilli: sel.oddsMilli,
      stake,
      requestId: input.requestId,
      askedStake: stake < input.stake ? input.stake : undefined,
    },
    acceptAt: acceptAtOf(match, ctx.now()),
    seen: { bigBet: book?.bigBet ?? null, otherSide },
    full: room !== null && fullAfter(room, stake, market),
  };
}

/** Writes a planned bet (its row, its stake's move, the traders' alerts): its answer, and whether it filled its market. */
export async function writeBet(tx: Tx, ctx: AppContext, plan: NewTaiqiuBet) {
  const placed = await placeBet(tx, ctx, plan.bet, { exclusionChecked: true, acceptAt: plan.acceptAt });
  await alertTraders(tx, ctx, placed, plan.seen);
  return { answer: answerOf(placed), full: plan.full };
}

/** A big bet, and a bet on a market where the player backs another selection, each raise an alert. */
async function alertTraders(
  tx: Tx,
  ctx: AppContext,
  bet: BetRow,
  seen: { bigBet: number | null; otherSide: boolean },
): Promise<void> {
  const of = { matchId: Number(bet.roundId), marketId: bet.marketId!, userId: bet.userId, betNo: bet.betNo };
  if (seen.bigBet !== null && bet.stake >= seen.bigBet) {
    await raiseAlert(tx, ctx, { kind: 'big_bet', ...of, amount: bet.stake });
  }
  if (seen.otherSide) await raiseAlert(tx, ctx, { kind: 'both_sides', ...of, amount: bet.stake });
}

/** A bet on a live match waits out its acceptance delay (acceptance.ts); before the start, none. */
function acceptAtOf(match: { status: string; acceptDelayMs: number }, now: Date): Date | undefined {
  if (match.status !== 'live' || match.acceptDelayMs === 0) return undefined;
  return new Date(now.getTime() + match.acceptDelayMs);
}

/**
 * The match, market and selection of the bet, share-locked in that order, the player's
 * self-exclusion, the book's trading rules, the player's stake limits and whether the player
 * backs another selection of the market (an open or pending bet of theirs on it), in
 * one read which also says whether the request id was used before: then the bet it placed,
 * `earlier` (read only then). One that does not exist, or belongs to another match or market:
 * 404 naming it.
 */
async function lockedSelection(tx: Tx, userId: number, input: BetInput, now: Date) {
  const [row] = await lockedSelectionQuery(tx).execute({
    userId,
    now: now.toISOString(),
    matchId: input.matchId,
    marketId: input.marketId,
    selectionId: input.selectionId,
    requestId: input.requestId ?? null,
  });
  if (row && !row.requestUsed) return row;
  const earlier = input.requestId === undefined ? undefined : await betOfRequest(tx, userId, input.requestId);
  if (earlier) return { earlier };
  if (row) throw new Error(`request ${input.requestId} was used, and its bet is not found`);
  const [match] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, input.matchId));
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound', undefined, { field: 'matchId' });
  const [market] = await tx
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.id, input.marketId), eq(markets.matchId, match.id)));
  if (!market) throw new AppError(ErrorCode.NOT_FOUND, 'marketNotFound', undefined, { field: 'marketId' });
  throw new AppError(ErrorCode.NOT_FOUND, 'selectionNotFound', undefined, { field: 'selectionId' });
}

const lockedSelectionQuery = preparedInTransaction((db) =>
  db
    .select({
      match: matches,
      market: markets,
      sel: selections,
      excludedUntil: excludedUntilColumn(sql`${sql.placeholder('userId')}::bigint`, sql.placeholder('now')),
      requestUsed: requestUsedColumn(sql`${sql.placeholder('userId')}::bigint`, sql.placeholder('requestId')),
      book: tradingRules,
      player: playerLimits,
      otherSide: backsOtherSelectionColumn(sql`${sql.placeholder('userId')}::bigint`, {
        gameType: 'taiqiu',
        roundId: sql`${matches.id}::text`,
        marketId: markets.id,
        selectionId: selections.id,
      }),
    })
    .from(matches)
    .innerJoin(markets, and(eq(markets.id, sql.placeholder('marketId')), eq(markets.matchId, matches.id)))
    .innerJoin(selections, and(eq(selections.id, sql.placeholder('selectionId')), eq(selections.marketId, markets.id)))
    .leftJoin(tradingRules, eq(tradingRules.id, 1))
    .leftJoin(playerLimits, eq(playerLimits.userId, sql`${sql.placeholder('userId')}::bigint`))
    .where(eq(matches.id, sql.placeholder('matchId')))
    .for('share', { of: [matches, markets, selections] })
    .prepare('taiqiu_locked_selection'),
);

/** What taiqiu/bet answers of a bet. */
function answerOf(bet: BetRow) {
  const oddsMilli = bet.oddsMilli ?? 0;
  return {
    betNo: bet.betNo,
    status: bet.status,
    stake: bet.stake,
    odds: oddsMilli / 1000,
    potentialReturn: returnOf(bet.stake, oddsMilli),
    ...(bet.status === 'pending' && bet.acceptAt ? { acceptAt: bet.acceptAt.toISOString() } : {}),
    ...(bet.rejectedReason ? { rejectedReason: bet.rejectedReason } : {}),
    ...(bet.askedStake !== null ? { askedStake: bet.askedStake } : {}),
  };
}

/**
 * The bet a request id placed, if the request is that bet again: the same match, market,
 * selection and stake asked (odds, acceptOddsChange and a limit's cut are how it was taken, not
 * what it is).
 */
function replayBet(bet: BetRow, input: BetInput) {
  const same =
    bet.gameType === 'taiqiu' &&
    bet.roundId === String(input.matchId) &&
    bet.marketId === input.marketId &&
    bet.selectionId === input.selectionId &&
    (bet.askedStake ?? bet.stake) === input.stake;
  if (!same) throw new AppError(ErrorCode.CONFLICT, 'betRequestReused');
  return answerOf(bet);
}

async function currencySymbolOf(db: Conn): Promise<string> {
  return (await getSysConfig(db)).currencySymbol;
}
