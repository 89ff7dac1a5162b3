import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { memberTotals } from './tables.js';

/*
 * Each player's lifetime totals (member_totals), kept in the transaction of the deposit or the
 * settlement that changes them, so team lists sort and filter without summing history.
 */

/** A credited deposit of `amount` (what the player paid); the first one's time is kept. */
export async function countDeposit(tx: Tx, userId: number, amount: number, at: Date): Promise<void> {
  await tx
    .insert(memberTotals)
    .values({ userId, deposits: amount, depositCount: 1, firstDepositAt: at })
    .onConflictDoUpdate({
      target: memberTotals.userId,
      set: {
        deposits: sql`${memberTotals.deposits} + ${amount}`,
        depositCount: sql`${memberTotals.depositCount} + 1`,
        firstDepositAt: sql`coalesce(${memberTotals.firstDepositAt}, ${at.toISOString()}::timestamptz)`,
      },
    });
}

/**
 * Bets' settlements: each player's valid bets summed into their totals, rows taken in id order; a
 * result correction's changes too (− where a valid bet shrank).
 */
export async function countValidBets(tx: Tx, settled: { userId: number; validBet: number }[]): Promise<void> {
  const sums = new Map<number, number>();
  for (const s of settled) if (s.validBet !== 0) sums.set(s.userId, (sums.get(s.userId) ?? 0) + s.validBet);
  if (sums.size === 0) return;
  const values = [...sums].sort((x, y) => x[0] - y[0]).map(([userId, validBet]) => ({ userId, validBet }));
  await tx
    .insert(memberTotals)
    .values(values)
    .onConflictDoUpdate({
      target: memberTotals.userId,
      set: { validBet: sql`${memberTotals.validBet} + excluded.valid_bet` },
    });
}
