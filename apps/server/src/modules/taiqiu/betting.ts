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
import { markets, matches, selections } from './tables.js';

type BetInput = z.output<typeof taiqiu.betRequest>;

/**
 * Places a billiards bet: the match must not have ended, the market must be open, the selection
 * one of its own, the odds unchanged (or the change accepted), the stake within the market's
 * limits and the balance. The bet row and the stake's debit are one transaction. The match,
 * market and selection rows are share-locked, so settlement and odds moves wait for the bet
 * and the bet sees them only once committed. A request id already used by the player answers
 * with its bet (replay) before any of these checks: the bet stands whatever happened since.
 */
export async function placeTaiqiuBet(ctx: AppContext, userId: number, input: BetInput) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(ctx.db, (tx) => placeIn(tx, ctx, userId, input));
    } catch (err) {
      // The same request id's bet committed while this one ran: the next run replays it.
      if (pgConstraint(err) !== BET_REQUEST_UNIQUE || attempt === 3) throw err;
    }
  }
}

async function placeIn(tx: Tx, ctx: AppContext, userId: number, input: BetInput) {
  const found = await lockedSelection(tx, userId, input, ctx.now());
  if ('earlier' in found) return replayBet(found.earlier, input);
  const { match, market, sel, excludedUntil } = found;

  await refuseUnlessForSale(found, input, { odds: 'odds', stake: 'stake' }, () => currencySymbolOf(tx));
  await refuseBetExcludedUntil(tx, excludedUntil);
  const players = playersOf(match);
  const bet = await placeBet(
    tx,
    ctx,
    {
      userId,
      gameType: 'taiqiu',
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
      stake: input.stake,
      requestId: input.requestId,
    },
    { exclusionChecked: true, acceptAt: acceptAtOf(match, ctx.now()) },
  );
  return answerOf(bet);
}

/** A bet on a live match waits out its acceptance delay (acceptance.ts); before the start, none. */
function acceptAtOf(match: { status: string; acceptDelayMs: number }, now: Date): Date | undefined {
  if (match.status !== 'live' || match.acceptDelayMs === 0) return undefined;
  return new Date(now.getTime() + match.acceptDelayMs);
}

/**
 * The match, market and selection of the bet, share-locked in that order, and the player's
 * self-exclusion, in one read which also says whether the request id was used before: then the
 * bet it placed, `earlier` (read only then). One that does not exist, or belongs to another match
 * or market: 404 naming it.
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
    })
    .from(matches)
    .innerJoin(markets, and(eq(markets.id, sql.placeholder('marketId')), eq(markets.matchId, matches.id)))
    .innerJoin(selections, and(eq(selections.id, sql.placeholder('selectionId')), eq(selections.marketId, markets.id)))
    .where(eq(matches.id, sql.placeholder('matchId')))
    .for('share')
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
  };
}

/**
 * The bet a request id placed, if the request is that bet again: the same match, market,
 * selection and stake (odds and acceptOddsChange are how it was accepted, not what it is).
 */
function replayBet(bet: BetRow, input: BetInput) {
  const same =
    bet.gameType === 'taiqiu' &&
    bet.roundId === String(input.matchId) &&
    bet.marketId === input.marketId &&
    bet.selectionId === input.selectionId &&
    bet.stake === input.stake;
  if (!same) throw new AppError(ErrorCode.CONFLICT, 'betRequestReused');
  return answerOf(bet);
}

async function currencySymbolOf(db: Conn): Promise<string> {
  return (await getSysConfig(db)).currencySymbol;
}
