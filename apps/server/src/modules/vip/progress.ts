import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { setVipLevel, vipLevelOf } from '../auth/service.js';
import { sendSystemMessage } from '../messages/service.js';
import { grantVipGift, UPGRADE_BONUS_DAYS } from './gifts.js';
import { levelReached, levelRows } from './levels.js';
import { vipProgress, vipProgressEvents } from './tables.js';

export interface VipProgressEvent {
  userId: number;
  /** A settled bet's valid bet. */
  validBet?: number;
  /** A credited deposit's amount. */
  deposit?: number;
  /** The bet or deposit order: each counts once. */
  reference: { table: string; id: string | number };
}

/**
 * Counts a settled bet or credited deposit towards the player's lifetime figures (once per
 * reference) and re-evaluates the level in the caller's transaction: the highest level whose
 * thresholds both are met, never lower than now. Each level passed grants its upgrade bonus
 * (a jump of three grants three, each once ever) and the player gets one vip_upgrade message.
 */
export async function recordVipProgress(tx: Tx, ctx: AppContext, e: VipProgressEvent): Promise<void> {
  const validBet = e.validBet ?? 0;
  const deposit = e.deposit ?? 0;
  if (validBet <= 0 && deposit <= 0) return;
  const now = ctx.now();
  const counted = await tx
    .insert(vipProgressEvents)
    .values({
      referenceTable: e.reference.table,
      referenceId: String(e.reference.id),
      userId: e.userId,
      validBet,
      deposit,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ userId: vipProgressEvents.userId });
  if (counted.length === 0) return;
  // The row stays locked until commit: one player's re-evaluations run one after the other.
  const [totals] = await tx
    .insert(vipProgress)
    .values({ userId: e.userId, validBet, deposits: deposit, updatedAt: now })
    .onConflictDoUpdate({
      target: vipProgress.userId,
      set: {
        validBet: sql`${vipProgress.validBet} + excluded.valid_bet`,
        deposits: sql`${vipProgress.deposits} + excluded.deposits`,
        updatedAt: now,
      },
    })
    .returning();
  const levels = await levelRows(tx);
  const current = await vipLevelOf(tx, e.userId);
  const reached = levelReached(levels, totals!.validBet, totals!.deposits);
  if (reached <= current) return;
  await setVipLevel(tx, e.userId, reached);
  const expiresAt = new Date(now.getTime() + UPGRADE_BONUS_DAYS * 86_400_000);
  for (const level of levels.filter((l) => l.level > current && l.level <= reached && l.upgradeBonus > 0)) {
    await grantVipGift(tx, ctx, {
      userId: e.userId,
      kind: 'upgrade',
      period: String(level.level),
      level: level.level,
      amount: level.upgradeBonus,
      turnoverMultiple: level.turnoverMultiple,
      expiresAt,
    });
  }
  await sendSystemMessage(tx, ctx, e.userId, 'vip_upgrade', { level: reached });
}

/** The player's lifetime figures (0 before any). */
export async function progressOf(db: Conn, userId: number): Promise<{ validBet: number; deposits: number }> {
  const [row] = await db.select().from(vipProgress).where(eq(vipProgress.userId, userId));
  return { validBet: row?.validBet ?? 0, deposits: row?.deposits ?? 0 };
}
