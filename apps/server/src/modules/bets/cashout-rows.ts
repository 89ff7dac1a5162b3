import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import { isAnyOf, type Conn, type Tx } from '../../platform/db.js';
import { bets, type BetRow } from './tables.js';

/*
 * The bet store's rows as a game's cash-out (taiqiu/cashout) reads and changes them: a player's
 * bet by its number, their open bets, what a bet's value is worked out from, and the cash-outs
 * summed on a bet.
 */

/** The player's bet of the game by its number (locked for update if `lock`), or undefined. */
export async function playerBet(
  db: Conn,
  userId: number,
  gameType: GameType,
  betNo: string,
  lock = false,
): Promise<BetRow | undefined> {
  const query = db
    .select()
    .from(bets)
    .where(and(eq(bets.betNo, betNo), eq(bets.userId, userId), eq(bets.gameType, gameType)));
  const [bet] = lock ? await query.for('update') : await query;
  return bet;
}

/** The player's open and pending bets of the game (those numbered, if given), newest first, at most `limit`. */
export function playerOpenBets(
  db: Conn,
  userId: number,
  gameType: GameType,
  betNos: string[] | undefined,
  limit: number,
): Promise<BetRow[]> {
  return db
    .select()
    .from(bets)
    .where(
      and(
        eq(bets.userId, userId),
        eq(bets.gameType, gameType),
        inArray(bets.status, ['open', 'pending']),
        betNos ? inArray(bets.betNo, betNos) : undefined,
      ),
    )
    .orderBy(desc(bets.id))
    .limit(limit);
}

/** What a bet's cash-out value is worked out from. */
export type ValuedBet = Pick<
  BetRow,
  'id' | 'betNo' | 'userId' | 'roundId' | 'selectionId' | 'oddsMilli' | 'stake' | 'cashoutStake' | 'status'
>;

const valuedColumns = {
  id: bets.id,
  betNo: bets.betNo,
  userId: bets.userId,
  roundId: bets.roundId,
  selectionId: bets.selectionId,
  oddsMilli: bets.oddsMilli,
  stake: bets.stake,
  cashoutStake: bets.cashoutStake,
  status: bets.status,
};

/**
 * Open bets to value: of a round of the game, or these bets (ids), of these players if given
 * (as one array parameter: thousands of players on one match).
 */
export function openBetsToValue(
  db: Conn,
  of: { gameType: GameType; roundId: string } | { ids: number[] },
  players?: number[],
): Promise<ValuedBet[]> {
  const which: SQL | undefined =
    'ids' in of ? isAnyOf(bets.id, of.ids) : and(eq(bets.gameType, of.gameType), eq(bets.roundId, of.roundId));
  const whose = players ? isAnyOf(bets.userId, players) : undefined;
  return db
    .select(valuedColumns)
    .from(bets)
    .where(and(which, eq(bets.status, 'open'), whose));
}

/** Adds a cash-out of `part` of the stake, which paid `paid` and counts `validBet`, to the bet; its row after. */
export async function addCashout(
  tx: Tx,
  betId: number,
  { part, paid, validBet }: { part: number; paid: number; validBet: number },
): Promise<BetRow> {
  const [after] = await tx
    .update(bets)
    .set({
      cashoutStake: sql`${bets.cashoutStake} + ${part}`,
      cashoutPaid: sql`${bets.cashoutPaid} + ${paid}`,
      cashoutValid: sql`${bets.cashoutValid} + ${validBet}`,
    })
    .where(eq(bets.id, betId))
    .returning();
  if (!after) throw new Error(`bet ${betId} not found`);
  return after;
}
