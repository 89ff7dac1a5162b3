import { asc, eq } from 'drizzle-orm';
import { ErrorCode, type operatorCalls, type vipAdmin, type vip } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { setRebateRate } from '../rebates/service.js';
import { setWithdrawalsPerDay } from '../withdrawals/service.js';
import { levelRow } from './levels.js';
import { levelViews } from './views.js';
import { vipLevels } from './tables.js';

/*
 * The operator's VIP levels and rebate table: each change audited with its before and after,
 * applying from the next event on (what accrued or was granted stays).
 */

type LevelInput = z.output<typeof vipAdmin.vipLevelSave.request>;
type RateInput = z.output<typeof vipAdmin.rebateRateSave.request>;

/**
 * Sets one level: its thresholds must lie between those of the levels around it (422
 * vipThresholdOrder), so levels keep rising. Withdrawals per day go to the withdrawals' table.
 */
export function saveVipLevel(ctx: AppContext, operator: string, input: LevelInput): Promise<vip.VipLevel> {
  const { level, withdrawalsPerDay, ...values } = input;
  return changeLevel(ctx, operator, 'vip.level.save', level, input, async (tx) => {
    // Locked in level order, so two saves of neighbouring levels cannot cross each other.
    await tx.select({ level: vipLevels.level }).from(vipLevels).orderBy(asc(vipLevels.level)).for('update');
    const below = await levelRow(tx, level - 1);
    const above = await levelRow(tx, level + 1);
    const fits = (key: 'minValidBet' | 'minDeposits') =>
      (!below || below[key] <= values[key]) && (!above || values[key] <= above[key]);
    if (!fits('minValidBet') || !fits('minDeposits')) {
      throw new AppError(ErrorCode.UNPROCESSABLE, 'vipThresholdOrder', { level }, { field: 'minValidBet' });
    }
    await tx
      .update(vipLevels)
      .set({ ...values, updatedAt: ctx.now() })
      .where(eq(vipLevels.level, level));
    await setWithdrawalsPerDay(tx, level, withdrawalsPerDay);
  });
}

/** Sets one cell of the rebate table: bets settled from now on accrue at it. */
export function saveRebateRate(ctx: AppContext, operator: string, input: RateInput): Promise<vip.VipLevel> {
  return changeLevel(ctx, operator, 'rebates.rate.save', input.vipLevel, input, (tx) =>
    setRebateRate(tx, input.vipLevel, input.gameType, input.rateBp),
  );
}

async function changeLevel(
  ctx: AppContext,
  operator: string,
  action: operatorCalls.AuditAction,
  level: number,
  payload: Record<string, unknown>,
  change: (tx: Tx) => Promise<void>,
): Promise<vip.VipLevel> {
  const viewOf = async (tx: Tx) => (await levelViews(tx)).find((l) => l.level === level)!;
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const before = await viewOf(tx);
      await change(tx);
      return { before, after: await viewOf(tx) };
    },
    ({ before, after }) => ({ action, target: `VIP${level}`, payload, before, after }),
  );
  return after;
}
