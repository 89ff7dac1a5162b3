import { and, eq, sql } from 'drizzle-orm';
import type { ServerErrorKey } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { grantReward, type RewardTitle } from '../rewards/service.js';
import { rewardExpiry } from './rules.js';
import { promotionApplications, type ApplicationRow, type PromotionRow } from './tables.js';

/** Reward keys: each makes its grant once, whoever grants it again. */
export const grantKeys = {
  period: (a: Pick<ApplicationRow, 'promotionId' | 'periodKey' | 'userId'>) =>
    `promo:${a.promotionId}:${a.periodKey}:${a.userId}`,
  deposit: (promotionId: number, orderNo: string) => `promo:${promotionId}:deposit:${orderNo}`,
  member: (promotionId: number, memberId: number) => `promo:${promotionId}:member:${memberId}`,
  slip: (promotionId: number, betNo: string) => `promo:${promotionId}:slip:${betNo}`,
};

/**
 * Grants `amount` under an application as a reward to claim (source promotion, the promotion's
 * turnover multiple and validity) and adds it to the application (granted, amount, uses), in the
 * caller's transaction. False when the key was granted before: nothing changes.
 */
export async function grantUnder(
  tx: Tx,
  ctx: AppContext,
  g: { promotion: PromotionRow; application: ApplicationRow; amount: number; key: string; title: RewardTitle },
): Promise<boolean> {
  const now = ctx.now();
  const reward = await grantReward(tx, ctx, {
    userId: g.application.userId,
    source: 'promotion',
    amount: g.amount,
    turnoverMultiple: g.promotion.turnoverMultiple,
    expiresAt: rewardExpiry(g.promotion, now),
    key: g.key,
    title: g.title,
  });
  if (!reward) return false;
  await tx
    .update(promotionApplications)
    .set({
      status: 'granted',
      amount: sql`${promotionApplications.amount} + ${g.amount}`,
      uses: sql`${promotionApplications.uses} + 1`,
      updatedAt: now,
    })
    .where(eq(promotionApplications.id, g.application.id));
  return true;
}

/** Why an application was rejected: a message key of serverErrors and its parameters. */
export interface Reason {
  key: ServerErrorKey;
  params?: Record<string, string | number>;
}

/** Rejects a pending application (compare-and-set); false when it was decided meanwhile. */
export async function rejectPending(tx: Tx, applicationId: number, reason: Reason, now: Date): Promise<boolean> {
  const rows = await tx
    .update(promotionApplications)
    .set({ status: 'rejected', reasonKey: reason.key, reasonParams: reason.params ?? null, updatedAt: now })
    .where(and(eq(promotionApplications.id, applicationId), eq(promotionApplications.status, 'pending')))
    .returning({ id: promotionApplications.id });
  return rows.length > 0;
}
