import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { runningAt } from './rules.js';
import { promotionApplications, promotions } from './tables.js';

/*
 * The withdrawal fee waiver (优惠 提款): a player who applied this week withdraws without a fee
 * freeWithdrawals times once the valid bet since applying reaches minValidBet. Its application
 * is granted from the start; uses counts the free withdrawals and amount the fees waived.
 */

/** withdraw/config's feeWaiver. */
export interface FeeWaiver {
  freeWithdrawals: number;
  used: number;
  /** Valid bet since applying, and what it must reach. */
  validBet: number;
  minValidBet: number;
}

/** The player's fee-waiver applications of this week, of promotions running at `now`. */
const thisWeeks = (userId: number, now: Date) =>
  and(
    eq(promotions.id, promotionApplications.promotionId),
    eq(promotions.type, 'fee_waiver'),
    runningAt(now),
    eq(promotionApplications.userId, userId),
    eq(promotionApplications.status, 'granted'),
    gt(promotionApplications.periodEndsAt, now),
  );

/** This week's waiver as withdraw/config shows it; null without an application this week. */
export async function feeWaiverOf(db: Conn, userId: number, now: Date): Promise<FeeWaiver | null> {
  const [row] = await db
    .select({ a: promotionApplications, rules: promotions.rules })
    .from(promotionApplications)
    .innerJoin(promotions, thisWeeks(userId, now))
    .orderBy(asc(promotionApplications.id))
    .limit(1);
  if (!row || row.rules.type !== 'fee_waiver') return null;
  return {
    freeWithdrawals: row.rules.freeWithdrawals,
    used: row.a.uses,
    validBet: row.a.progress,
    minValidBet: row.rules.minValidBet,
  };
}

/**
 * Takes one free withdrawal of this week's waiver for a withdrawal whose fee would be `fee`, in
 * the withdrawal's transaction (one conditional UPDATE: a free one left and the valid bet met).
 * True when it did: the withdrawal then pays no fee. A fee of 0 uses nothing.
 */
export async function useFeeWaiver(tx: Tx, ctx: AppContext, w: { userId: number; fee: number }): Promise<boolean> {
  if (w.fee <= 0) return false;
  const now = ctx.now();
  const usable = and(
    thisWeeks(w.userId, now),
    sql`${promotionApplications.uses} < (${promotions.rules} ->> 'freeWithdrawals')::int`,
    sql`${promotionApplications.progress} >= (${promotions.rules} ->> 'minValidBet')::bigint`,
  );
  // One application only, should the player hold two waivers this week.
  const first = tx
    .select({ id: promotionApplications.id })
    .from(promotionApplications)
    .innerJoin(promotions, usable)
    .orderBy(asc(promotionApplications.id))
    .limit(1);
  const used = await tx
    .update(promotionApplications)
    .set({
      uses: sql`${promotionApplications.uses} + 1`,
      amount: sql`${promotionApplications.amount} + ${w.fee}`,
      updatedAt: now,
    })
    .from(promotions)
    .where(and(usable, eq(promotionApplications.id, sql`(${first})`)))
    .returning({ id: promotionApplications.id });
  return used.length > 0;
}
