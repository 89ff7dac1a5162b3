import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { kycSettings } from './tables.js';

/*
 * The KYC module keeps its own setting rather than a column of withdraw_settings: the rule is
 * this module's (docs/design.md §9, "KYC, as built"), and withdrawals read it through service.ts.
 */

/** Withdrawals above this amount need an approved name (0: never). */
export async function kycRequiredAmount(db: Conn): Promise<number> {
  const [row] = await db.select({ amount: kycSettings.requiredAmount }).from(kycSettings);
  if (!row) throw new Error('kyc_settings has no row');
  return row.amount;
}

export async function setKycRequiredAmount(db: Conn, amount: number): Promise<void> {
  await db.update(kycSettings).set({ requiredAmount: amount, updatedAt: sql`now()` });
}
