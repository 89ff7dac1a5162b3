import { and, inArray, sql } from 'drizzle-orm';
import type { DepositStatus } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Tx } from '../../platform/db.js';
import type { DepositCredit } from '../../platform/domain-events.js';
import { payFromHouse, type HousePayout } from '../wallet/service.js';
import { depositOrders } from './tables.js';

/*
 * Crediting paid deposit orders, one statement per step however many (docs/design.md §5, "Money
 * calls in batches"): the orders marked PAID, the players' first deposits, the credits and bonuses
 * in one ledger statement, and one `deposits.credited` for all, whose subscribers write set-based
 * too. One order alone is a batch of one: the rules are in one copy.
 */

/** The orders' table, which their ledger entries name. */
export const DEPOSITS = 'deposit_orders';

/**
 * Marks each order PAID if it is in one of `from` (compare-and-set), flags first deposits,
 * credits the players (amount − fee, then the bonus) and announces `deposits.credited`, in the
 * caller's transaction, in the order given. Answers each order number: false when the order was
 * not in `from` (a repeat, or named earlier in the list), nothing changed for it.
 */
export async function creditDeposits(
  tx: Tx,
  ctx: AppContext,
  orderNos: string[],
  from: DepositStatus[],
  operator?: string,
): Promise<boolean[]> {
  const now = ctx.now();
  const paid = await tx
    .update(depositOrders)
    .set({ status: 'PAID', paidAt: now, confirmedBy: operator ?? null })
    .where(and(inArray(depositOrders.orderNo, [...new Set(orderNos)]), inArray(depositOrders.status, from)))
    .returning();
  if (paid.length === 0) return orderNos.map(() => false);
  const byNumber = new Map(paid.map((o) => [o.orderNo, o]));
  // In the order given, each paid order once: the first place that names it.
  const credited = [...new Set(orderNos)].flatMap((n) => byNumber.get(n) ?? []);
  const firsts = await markFirstDeposits(tx, credited, now);
  const credits: DepositCredit[] = credited.map((o) => ({
    userId: o.userId,
    orderNo: o.orderNo,
    amount: o.amount,
    creditedAmount: o.creditedAmount,
    fee: o.fee,
    bonus: o.bonus,
    first: firsts.has(o.orderNo),
    at: now,
    reference: { table: DEPOSITS, id: o.orderNo },
  }));
  await payFromHouse(tx, ctx, credits.flatMap(paymentsOf));
  // Debts, turnover, the message, VIP, the wheel, promotions, the agents' figures, push: docs/events.md.
  await ctx.events.emit(tx, ctx, 'deposits.credited', { credits });
  const answered = new Set<string>();
  return orderNos.map((n) => {
    const creditedHere = byNumber.has(n) && !answered.has(n);
    answered.add(n);
    return creditedHere;
  });
}

/** creditDeposits of one order: whether it was credited. */
export const creditDeposit = async (
  tx: Tx,
  ctx: AppContext,
  orderNo: string,
  from: DepositStatus[],
  operator?: string,
): Promise<boolean> => (await creditDeposits(tx, ctx, [orderNo], from, operator))[0]!;

/**
 * Each player's first order of these, if the player had no first deposit: recorded (one per
 * player ever, first_deposits' key) and flagged on the order, in one statement. Their numbers.
 */
async function markFirstDeposits(
  tx: Tx,
  orders: { orderNo: string; userId: number }[],
  now: Date,
): Promise<Set<string>> {
  const candidates = new Map<number, string>();
  for (const o of orders) if (!candidates.has(o.userId)) candidates.set(o.userId, o.orderNo);
  const rows = JSON.stringify([...candidates].map(([user_id, order_no]) => ({ user_id, order_no })));
  const flagged = await queryRows<{ order_no: string }>(
    tx,
    sql`WITH first AS (
          INSERT INTO first_deposits (user_id, order_no, created_at)
          SELECT user_id, order_no, ${now.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${rows}::jsonb) AS r(user_id bigint, order_no text)
          ORDER BY user_id
          ON CONFLICT DO NOTHING
          RETURNING order_no)
        UPDATE deposit_orders o SET first_deposit = true FROM first WHERE o.order_no = first.order_no
        RETURNING o.order_no`,
  );
  return new Set(flagged.map((f) => f.order_no));
}

/** What a credit moves: its credited amount from the gateway, then its bonus from bonus_expense. */
function paymentsOf(c: DepositCredit): HousePayout[] {
  const { userId, reference } = c;
  const credit: HousePayout = {
    key: `deposit:${c.orderNo}`,
    code: 'deposit',
    from: 'gateway',
    userId,
    amount: c.creditedAmount,
    reference,
  };
  if (c.bonus <= 0) return [credit];
  const bonus: HousePayout = { ...credit, key: `deposit-bonus:${c.orderNo}`, code: 'bonus', from: 'bonus_expense' };
  return [credit, { ...bonus, amount: c.bonus }];
}
