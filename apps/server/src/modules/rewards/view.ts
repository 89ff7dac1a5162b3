import type { Lang, rewards as contract } from '@breakshot/contracts';
import type { RewardRow } from './tables.js';

/** A reward's status at `now`: an unclaimed one past its expiry is expired, job run or not. */
export const statusAt = (r: Pick<RewardRow, 'status' | 'expiresAt'>, now: Date): contract.RewardStatus =>
  r.status === 'unclaimed' && r.expiresAt <= now ? 'expired' : r.status;

/** A reward as the player (or operator) sees it, titled in `lang`. */
export function rewardView(r: RewardRow, lang: Lang, now: Date): contract.Reward {
  return {
    id: r.id,
    source: r.source,
    title: lang === 'en' ? r.titleEn : r.titleZh,
    amount: r.amount,
    turnoverMultiple: r.turnoverMultiple,
    status: statusAt(r, now),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    claimedAt: r.claimedAt?.toISOString() ?? null,
  };
}
