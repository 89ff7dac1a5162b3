import { shareOf } from './money.js';
import type { DepositTier } from './promotions.js';

/*
 * What promotion tiers pay, for the server's grants and the app's estimate alike. No zod here: the
 * player app's deposit page imports it (`@breakshot/contracts/promotion-rules`) without the schemas.
 */

/** The highest tier whose threshold `value` reaches, or null. Tiers rise (the contract checks it). */
export function tierReached<T>(tiers: readonly T[], threshold: (t: T) => number, value: number): T | null {
  let reached: T | null = null;
  for (const t of tiers) if (threshold(t) <= value) reached = t;
  return reached;
}

/** A deposit's bonus under deposit tiers: the rate of the highest tier reached, rounded down, at most its maxBonus; null below them all. */
export function depositBonus(tiers: readonly DepositTier[], amount: number) {
  const tier = tierReached(tiers, (t) => t.minDeposit, amount);
  if (!tier) return null;
  return { tier, bonus: Math.min(shareOf(amount, tier.rateBps), tier.maxBonus) };
}

/** What is left of a per-period cap after `granted` (no cap: all of `bonus`). */
export const withinCap = (bonus: number, cap: number | null, granted: number): number =>
  cap === null ? bonus : Math.max(0, Math.min(bonus, cap - granted));
