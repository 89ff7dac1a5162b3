import { desc, lte, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { vipWithdrawLimits, withdrawSettings } from './tables.js';

export interface WithdrawSettings {
  minAmount: number;
  maxAmount: number;
  feeRateBps: number;
  feeMinAmount: number;
}

/** Limits and fee of withdrawals (the row drizzle/0005_withdrawals.sql seeds). */
export async function getWithdrawSettings(db: Conn): Promise<WithdrawSettings> {
  const [row] = await db.select().from(withdrawSettings);
  if (!row) throw new Error('withdraw_settings has no row');
  return {
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    feeRateBps: row.feeRateBps,
    feeMinAmount: row.feeMinAmount,
  };
}

export async function updateWithdrawSettings(db: Conn, values: Partial<WithdrawSettings>): Promise<void> {
  await db.update(withdrawSettings).set({ ...values, updatedAt: sql`now()` });
}

/** Above this amount a withdrawal needs two different operators' approval. */
export async function dualApprovalAmount(db: Conn): Promise<number> {
  const [row] = await db.select({ amount: withdrawSettings.dualApprovalAmount }).from(withdrawSettings);
  if (!row) throw new Error('withdraw_settings has no row');
  return row.amount;
}

export async function setDualApprovalAmount(db: Conn, amount: number): Promise<void> {
  await db.update(withdrawSettings).set({ dualApprovalAmount: amount, updatedAt: sql`now()` });
}

/** Withdrawals a day at a VIP level: the row of the highest level not above it. */
export async function withdrawalsPerDay(db: Conn, vipLevel: number): Promise<number> {
  const [row] = await db
    .select({ perDay: vipWithdrawLimits.perDay })
    .from(vipWithdrawLimits)
    .where(lte(vipWithdrawLimits.vipLevel, vipLevel))
    .orderBy(desc(vipWithdrawLimits.vipLevel))
    .limit(1);
  return row?.perDay ?? 0;
}

/** Sets a level's withdrawals per day (the VIP module keeps its levels here). */
export async function setWithdrawalsPerDay(db: Conn, vipLevel: number, perDay: number): Promise<void> {
  await db
    .insert(vipWithdrawLimits)
    .values({ vipLevel, perDay })
    .onConflictDoUpdate({ target: vipWithdrawLimits.vipLevel, set: { perDay } });
}
