import { eq } from 'drizzle-orm';
import type { wheelAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { prizesOf } from './prizes.js';
import { wheelPrizes, type WheelPrizeRow } from './tables.js';

/* The operator's wheel prizes: labels, amounts, weights; a change applies from the next draw. */

type SaveInput = z.output<typeof wheelAdmin.spinPrizesSave.request>;

const prizeView = (p: WheelPrizeRow) => ({
  index: p.index,
  labelZh: p.labelZh,
  labelEn: p.labelEn,
  amount: p.amount,
  weight: p.weight,
  turnoverMultiple: p.turnoverMultiple,
});

/** The prizes with each one's share of draws and the mean prize per draw, from the weights. */
export async function listSpinPrizes(db: Conn) {
  const prizes = await prizesOf(db);
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  const chances = prizes.map((p) => (total === 0 ? 0 : p.weight / total));
  return {
    prizes: prizes.map(prizeView),
    chances,
    expectedValue: prizes.reduce((sum, p, i) => sum + p.amount * chances[i]!, 0),
  };
}

/** Replaces the eight prizes by index (draws already made keep their labels, amounts and weights). */
export async function saveSpinPrizes(ctx: AppContext, operator: string, input: SaveInput) {
  const now = ctx.now();
  await audited(
    ctx,
    operator,
    async (tx) => {
      const before = (await prizesOf(tx)).map(prizeView);
      for (const [index, prize] of input.prizes.entries()) {
        await tx
          .update(wheelPrizes)
          .set({ ...prize, updatedAt: now })
          .where(eq(wheelPrizes.index, index));
      }
      return { before, after: (await prizesOf(tx)).map(prizeView) };
    },
    ({ before, after }) => ({
      action: 'wheel.prizes.save',
      target: 'wheel_prizes',
      payload: input,
      before: { prizes: before },
      after: { prizes: after },
    }),
  );
  return { savedAt: now.toISOString() };
}
