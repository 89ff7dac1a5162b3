import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, formatMoney, rewards, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { float, weightedIndex } from '../../platform/fair.js';
import { localDate } from '../../platform/time-range.js';
import { grantReward, rewardTitles } from '../rewards/service.js';
import { getSysConfig } from '../system/service.js';
import { committedDay, daySeed } from './days.js';
import { prizesOf } from './prizes.js';
import { wheelDraws, wheelSpins } from './tables.js';
import { drawView, FREE_SPINS } from './views.js';

const PRIZE_VALID_MS = 7 * 86_400_000;

/**
 * One spin of today: refused 409 when the player has used every spin earned (spinNone, or
 * spinNoneToday once deposits cannot earn more today). The
 * player's day row is locked, so concurrent draws never use more; nonce = draws made today
 * before this one. A cash prize becomes a reward (source spin, key spin:<drawId>, 7 days).
 */
export async function drawSpin(ctx: AppContext, userId: number, clientSeedIn: string | undefined, lang: Lang) {
  const now = ctx.now();
  const { timeZone, currencySymbol } = await getSysConfig(ctx.db);
  const today = localDate(now, timeZone);
  // Committed in its own statement: the player's day hash exists before any draw on it.
  const day = await committedDay(ctx, userId, today, now);
  const clientSeed = clientSeedIn ?? randomBytes(8).toString('hex');
  return inTransaction(ctx.db, async (tx) => {
    const mine = and(eq(wheelSpins.userId, userId), eq(wheelSpins.date, today));
    await tx.insert(wheelSpins).values({ userId, date: today }).onConflictDoNothing();
    const [spins] = await tx.select().from(wheelSpins).where(mine).for('update');
    const earned = FREE_SPINS + spins!.fromDeposits;
    if (spins!.used >= earned) {
      // A deposit earns another spin only while the day's deposit spins are not all earned.
      if (spins!.fromDeposits >= rewards.SPIN_DEPOSIT_MAX) throw new AppError(ErrorCode.CONFLICT, 'spinNoneToday');
      throw new AppError(ErrorCode.CONFLICT, 'spinNone', {
        min: formatMoney(rewards.SPIN_DEPOSIT_MIN, currencySymbol),
      });
    }
    const nonce = spins!.used;
    const prizes = await prizesOf(tx);
    const weights = prizes.map((p) => p.weight);
    const prize = prizes[weightedIndex(weights, float(daySeed(ctx.secrets, day), clientSeed, nonce))]!;
    await tx
      .update(wheelSpins)
      .set({ used: nonce + 1 })
      .where(mine);
    const [row] = await tx
      .insert(wheelDraws)
      .values({
        userId,
        date: today,
        clientSeed,
        nonce,
        prizeIndex: prize.index,
        weights,
        labelZh: prize.labelZh,
        labelEn: prize.labelEn,
        amount: prize.amount,
        createdAt: now,
      })
      .returning();
    let draw = row!;
    if (prize.amount > 0) {
      const reward = await grantReward(tx, ctx, {
        userId,
        source: 'spin',
        amount: prize.amount,
        turnoverMultiple: prize.turnoverMultiple,
        expiresAt: new Date(now.getTime() + PRIZE_VALID_MS),
        key: `spin:${draw.id}`,
        title: rewardTitles.spin(prize.amount, currencySymbol),
      });
      draw = { ...draw, rewardId: reward!.id };
      await tx.update(wheelDraws).set({ rewardId: draw.rewardId }).where(eq(wheelDraws.id, draw.id));
    }
    return { ...drawView(ctx.secrets, draw, day, today, lang), spinsLeft: earned - nonce - 1 };
  });
}
