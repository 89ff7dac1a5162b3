import type { promotions } from '@breakshot/contracts';
import { depositBonus, withinCap } from '@breakshot/contracts/promotion-rules';

type PromotionDetail = promotions.PromotionDetail;

/** What the deposit form needs of a deposit promotion's details. */
type DepositPromotion = Pick<PromotionDetail, 'type' | 'rules' | 'capAmount' | 'application'>;

const tiersOf = (p: DepositPromotion): promotions.DepositTier[] =>
  p.rules.type === 'first_deposit' || p.rules.type === 'reload' ? p.rules.tiers : [];

/** What the period's cap leaves (null: no cap but the tiers'). */
function capLeft(p: DepositPromotion): number | null {
  return p.capAmount === null ? null : withinCap(p.capAmount, p.capAmount, p.application?.amount ?? 0);
}

/** The bonus a deposit of `amount` earns, as the server grants it (0 below the first tier). */
export function promotionBonus(amount: number, p: DepositPromotion): number {
  const found = depositBonus(tiersOf(p), amount);
  return found ? withinCap(found.bonus, p.capAmount, p.application?.amount ?? 0) : 0;
}

/** The smallest deposit that earns a bonus. */
export const promotionMinDeposit = (p: DepositPromotion): number => tiersOf(p)[0]?.minDeposit ?? 0;

/**
 * A joined promotion the next deposit may still pay under: a first-deposit application waits for
 * that deposit; a reload day's pays each deposit until the day's cap. One the player may apply
 * for is always offered.
 */
export function stillPays(p: DepositPromotion & Pick<PromotionDetail, 'joined' | 'canApply'>): boolean {
  if (!p.joined) return p.canApply;
  const status = p.application?.status;
  if (status === 'rejected') return false;
  if (p.type === 'first_deposit') return status === 'pending';
  return capLeft(p) !== 0;
}

/**
 * The next deposit is the player's first: a first-deposit promotion is still offered, which it
 * only is before one. Reload bonuses skip the first deposit.
 */
export const firstDepositAhead = (offers: Pick<PromotionDetail, 'type'>[]): boolean =>
  offers.some((p) => p.type === 'first_deposit');
