import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { bets } from './tables.js';
import { localDay } from '../../platform/time-range.js';

/*
 * Bet figures for the operator console: a player's totals, and the house's win per day.
 */

/** A player's stake and win/loss (payout − stake) over settled and void bets. */
export async function betTotalsOf(db: Conn, userId: number): Promise<{ stake: number; winLoss: number }> {
  const [row] = await db
    .select({
      stake: sql<number>`coalesce(sum(${bets.stake}), 0)`.mapWith(Number),
      winLoss: sql<number>`coalesce(sum(${bets.payout} - ${bets.stake}), 0)`.mapWith(Number),
    })
    .from(bets)
    .where(and(eq(bets.userId, userId), inArray(bets.status, ['won', 'lost', 'void'])));
  return { stake: row?.stake ?? 0, winLoss: row?.winLoss ?? 0 };
}

/**
 * Per day of the time zone since `from`, by settlement time: GGR (stakes − payouts of the bets
 * settled) and how many players had a bet settled.
 */
export async function ggrByDay(db: Conn, from: Date, timeZone: string) {
  const day = localDay(bets.settledAt, timeZone);
  const rows = await db
    .select({
      day,
      ggr: sql<number>`sum(${bets.stake} - ${bets.payout})`.mapWith(Number),
      players: sql<number>`count(DISTINCT ${bets.userId})`.mapWith(Number),
    })
    .from(bets)
    .where(and(isNotNull(bets.settledAt), gte(bets.settledAt, from)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, { ggr: r.ggr, players: r.players }]));
}
