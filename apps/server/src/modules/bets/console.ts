import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { bets } from './tables.js';
import { dayFilterConditions, localDay, type DayFilter } from '../../platform/time-range.js';

/*
 * Bet figures: a player's totals for the console, and bets settled per day (the operator's
 * dashboard, a player's own report).
 */

/** A player's stake and win/loss (payout − stake) over settled, cashed-out and void bets. */
export async function betTotalsOf(db: Conn, userId: number): Promise<{ stake: number; winLoss: number }> {
  const [row] = await db
    .select({
      stake: sql<number>`coalesce(sum(${bets.stake}), 0)`.mapWith(Number),
      winLoss: sql<number>`coalesce(sum(${bets.payout} - ${bets.stake}), 0)`.mapWith(Number),
    })
    .from(bets)
    .where(and(eq(bets.userId, userId), inArray(bets.status, ['won', 'lost', 'void', 'cashout'])));
  return { stake: row?.stake ?? 0, winLoss: row?.winLoss ?? 0 };
}

/** The valid bet of the players' bets settled from `from` (before `to` if given): a team's month. */
export async function validBetOf(db: Conn, userIds: number[], range: { from: Date; to?: Date }): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ validBet: sql<number>`coalesce(sum(${bets.validBet}), 0)`.mapWith(Number) })
    .from(bets)
    .where(
      and(
        inArray(bets.userId, userIds),
        gte(bets.settledAt, range.from),
        range.to ? lt(bets.settledAt, range.to) : undefined,
      ),
    );
  return row?.validBet ?? 0;
}

/**
 * Per day of the time zone, by settlement time (won, lost and void bets), of everyone or one
 * player: stakes, valid bets, what the bets paid back, and how many players had a bet settled.
 */
export async function betsByDay(db: Conn, filter: DayFilter, timeZone: string) {
  const day = localDay(bets.settledAt, timeZone);
  const rows = await db
    .select({
      day,
      stake: sql<number>`sum(${bets.stake})`.mapWith(Number),
      validBet: sql<number>`sum(${bets.validBet})`.mapWith(Number),
      payout: sql<number>`sum(${bets.payout})`.mapWith(Number),
      players: sql<number>`count(DISTINCT ${bets.userId})`.mapWith(Number),
    })
    .from(bets)
    .where(and(isNotNull(bets.settledAt), ...dayFilterConditions(bets.settledAt, bets.userId, filter)))
    .groupBy(sql`1`);
  return new Map(rows.map(({ day: d, ...figures }) => [d, figures]));
}
