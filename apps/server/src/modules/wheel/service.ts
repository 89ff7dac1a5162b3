import { sql } from 'drizzle-orm';
import { rewards } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Tx } from '../../platform/db.js';
import { localDate } from '../../platform/time-range.js';
import { getSysConfig } from '../system/service.js';

/** A credited deposit order, as the wheel counts it. */
interface DepositForSpin {
  userId: number;
  amount: number;
  orderNo: string;
  at: Date;
}

/**
 * A credited deposit of at least SPIN_DEPOSIT_MIN earns one spin of its day (site time zone), at
 * most SPIN_DEPOSIT_MAX a day; each order counts once. Call it in the crediting transaction.
 */
export const earnDepositSpin = (tx: Tx, ctx: AppContext, e: DepositForSpin): Promise<void> =>
  earnDepositSpins(tx, ctx, [e]);

/**
 * earnDepositSpin of many deposits (a batch's), in one statement: the orders counted once each,
 * then one more spin a counted order, the day's capped (least(MAX, n + k) is k times least(MAX, n + 1)).
 */
export async function earnDepositSpins(tx: Tx, ctx: AppContext, deposits: DepositForSpin[]): Promise<void> {
  const counting = deposits.filter((e) => e.amount >= rewards.SPIN_DEPOSIT_MIN);
  if (counting.length === 0) return;
  const { timeZone } = await getSysConfig(tx);
  const rows = counting.map((e) => ({
    order_no: e.orderNo,
    user_id: e.userId,
    date: localDate(e.at, timeZone),
    amount: e.amount,
  }));
  const max = rewards.SPIN_DEPOSIT_MAX;
  await queryRows(
    tx,
    sql`WITH counted AS (
          INSERT INTO wheel_deposit_orders (order_no, user_id, date, amount, created_at)
          SELECT order_no, user_id, date, amount, ${ctx.now().toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(order_no text, user_id bigint, date date, amount bigint)
          ON CONFLICT DO NOTHING
          RETURNING user_id, date)
        INSERT INTO wheel_spins (user_id, date, from_deposits)
        SELECT user_id, date, least(${max}, count(*)) FROM counted GROUP BY user_id, date ORDER BY user_id
        ON CONFLICT (user_id, date) DO UPDATE SET from_deposits = least(${max}, wheel_spins.from_deposits + excluded.from_deposits)`,
  );
}

export { drawSpin } from './draw.js';
export { spinInfo, spinRecords } from './views.js';
