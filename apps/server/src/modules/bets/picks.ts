import { and, asc, gt, inArray, isNotNull, eq } from 'drizzle-orm';
import type { GameType } from '@breakshot/contracts';
import { isAnyOf, type Conn } from '../../platform/db.js';
import { bets } from './tables.js';

/*
 * Who backs which selection of which market, for checks made after the bets are placed (the
 * linked players on opposite sides, docs/design.md §9). Single bets: a parlay's legs are not here.
 */

const OPEN = ['open', 'pending'] as const;

/** Open single bets of a game placed after bet `afterId`, oldest first, at most `limit`. */
export function openPicksAfter(db: Conn, gameType: GameType, afterId: number, limit: number) {
  return db
    .select({
      id: bets.id,
      userId: bets.userId,
      roundId: bets.roundId,
      marketId: bets.marketId,
      selectionId: bets.selectionId,
      betNo: bets.betNo,
      stake: bets.stake,
      status: bets.status,
    })
    .from(bets)
    .where(and(gt(bets.id, afterId), eq(bets.gameType, gameType), isNotNull(bets.selectionId)))
    .orderBy(asc(bets.id))
    .limit(limit);
}

/** The open picks (open or pending single bets) of these players on these markets. */
export async function openPicksOf(db: Conn, userIds: number[], marketIds: number[]) {
  if (userIds.length === 0 || marketIds.length === 0) return [];
  return db
    .select({ id: bets.id, userId: bets.userId, marketId: bets.marketId, selectionId: bets.selectionId })
    .from(bets)
    .where(and(isAnyOf(bets.marketId, marketIds), isAnyOf(bets.userId, userIds), inArray(bets.status, OPEN)));
}

export const isOpenPick = (status: string) => (OPEN as readonly string[]).includes(status);
