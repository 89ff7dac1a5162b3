import type { rewards as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { sendSystemMessage } from '../messages/service.js';
import { rewards } from './tables.js';

export type RewardTitle = { 'zh-CN': string; en: string };

export interface RewardGrant {
  userId: number;
  source: contract.RewardSource;
  amount: number;
  turnoverMultiple: number;
  expiresAt: Date;
  /** Makes the grant once: a second grant under the key writes nothing. */
  key: string;
  title: RewardTitle;
}

/**
 * Puts an unclaimed reward in the player's 领奖 in the caller's transaction and tells them (system
 * message reward_available); null when the key was granted before. No money moves until claimed.
 */
export async function grantReward(tx: Tx, ctx: AppContext, g: RewardGrant): Promise<{ id: number } | null> {
  const [row] = await tx
    .insert(rewards)
    .values({
      userId: g.userId,
      source: g.source,
      titleZh: g.title['zh-CN'],
      titleEn: g.title.en,
      amount: g.amount,
      turnoverMultiple: g.turnoverMultiple,
      grantKey: g.key,
      createdAt: ctx.now(),
      expiresAt: g.expiresAt,
    })
    .onConflictDoNothing({ target: rewards.grantKey })
    .returning({ id: rewards.id });
  if (!row) return null;
  await sendSystemMessage(tx, ctx, g.userId, 'reward_available', { amount: g.amount });
  return row;
}
