import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { promotions as contract } from '@breakshot/contracts';
import { promotions, type PromotionRow } from './tables.js';

export { depositBonus, tierReached, withinCap } from '@breakshot/contracts/promotion-rules';

/* When a promotion runs and what its tiers pay (pure, but for the SQL condition of running). */

const DAY_MS = 86_400_000;
/** An ended promotion stays in the player's list this long. */
export const SHOWN_AFTER_END_MS = 30 * DAY_MS;

type Window = Pick<PromotionRow, 'enabled' | 'startsAt' | 'endsAt'>;

export function statusAt(p: Window, now: Date): contract.PromotionStatus {
  if (now < p.startsAt) return 'upcoming';
  return now < p.endsAt ? 'running' : 'ended';
}

/** Enabled and between its start and end: it takes applications and pays. */
export const isRunning = (p: Window, now: Date): boolean => p.enabled && statusAt(p, now) === 'running';

/** The SQL of isRunning, on the promotions table. */
export const runningAt = (at: Date): SQL =>
  and(eq(promotions.enabled, true), lte(promotions.startsAt, at), gt(promotions.endsAt, at))!;

/** Players see it: enabled, started, and ended less than SHOWN_AFTER_END_MS ago. */
export const isVisible = (p: Window, now: Date): boolean =>
  p.enabled && p.startsAt <= now && p.endsAt.getTime() > now.getTime() - SHOWN_AFTER_END_MS;

/** When a reward granted at `now` under the promotion expires. */
export const rewardExpiry = (p: Pick<PromotionRow, 'rewardValidDays'>, now: Date): Date =>
  new Date(now.getTime() + p.rewardValidDays * DAY_MS);

/** Until when a lucky slip settled at `settledAt` can be claimed. */
export const claimableUntil = (settledAt: Date, claimDays: number): Date =>
  new Date(settledAt.getTime() + claimDays * DAY_MS);
