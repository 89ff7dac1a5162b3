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

/** A bet's first settlement with this valid bet. */
export async function countValidBet(tx: Tx, userId: number, validBet: number): Promise<void> {
  await tx
    .insert(memberTotals)
    .values({ userId, validBet })
    .onConflictDoUpdate({
      target: memberTotals.userId,
      set: { validBet: sql`${memberTotals.validBet} + ${validBet}` },
    });
}
