import { sql } from 'drizzle-orm';
import { rewards } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { localDate } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';
import { wheelDepositOrders, wheelSpins } from './tables.js';

/**
 * A credited deposit of at least SPIN_DEPOSIT_MIN earns one spin of its day (site time zone), at
 * most SPIN_DEPOSIT_MAX a day; each order counts once. Call it in the crediting transaction.
 */
export async function earnDepositSpin(
  tx: Tx,
  ctx: AppContext,
  e: { userId: number; amount: number; orderNo: string; at: Date },
): Promise<void> {
  if (e.amount < rewards.SPIN_DEPOSIT_MIN) return;
  const date = localDate(e.at, (await getSysConfig(tx)).timeZone);
  const counted = await tx
    .insert(wheelDepositOrders)
    .values({ orderNo: e.orderNo, userId: e.userId, date, amount: e.amount, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ orderNo: wheelDepositOrders.orderNo });
  if (counted.length === 0) return;
  await tx
    .insert(wheelSpins)
    .values({ userId: e.userId, date, fromDeposits: 1 })
    .onConflictDoUpdate({
      target: [wheelSpins.userId, wheelSpins.date],
      set: { fromDeposits: sql`least(${rewards.SPIN_DEPOSIT_MAX}, ${wheelSpins.fromDeposits} + 1)` },
    });
}

export { drawSpin } from './draw.js';
export { spinInfo, spinRecords } from './views.js';
