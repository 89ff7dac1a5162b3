import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { memberTotals } from './tables.js';

/*
 * Each player's lifetime totals (member_totals), kept in the transaction of the deposit or the
 * settlement that changes them, so team lists sort and filter without summing history.
 */

/** Credited deposits of `amount` (what the player paid), summed per player; the first one's time is kept. */
export async function countDeposits(tx: Tx, deposits: { userId: number; amount: number; at: Date }[]): Promise<void> {
  const sums = new Map<number, { userId: number; deposits: number; depositCount: number; firstDepositAt: Date }>();
  for (const d of deposits) {
    const sum = sums.get(d.userId);
    if (sum) {
      sum.deposits += d.amount;
      sum.depositCount += 1;
    } else sums.set(d.userId, { userId: d.userId, deposits: d.amount, depositCount: 1, firstDepositAt: d.at });
  }
  if (sums.size === 0) return;
  await tx
    .insert(memberTotals)
    .values([...sums.values()].sort((x, y) => x.userId - y.userId))
    .onConflictDoUpdate({
      target: memberTotals.userId,
      set: {
        deposits: sql`${memberTotals.deposits} + excluded.deposits`,
        depositCount: sql`${memberTotals.depositCount} + excluded.deposit_count`,
        firstDepositAt: sql`coalesce(${memberTotals.firstDepositAt}, excluded.first_deposit_at)`,
      },
    })
    // Sent when called (it may be held for the COMMIT: db.ts, beforeCommit).
    .execute();
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
