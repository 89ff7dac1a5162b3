import { inArray, sql } from 'drizzle-orm';
import type { DepositStatus } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { isLiteral, queryRows, type Tx } from '../../platform/db.js';
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
  const numbers = [...new Set(orderNos)];
  const paid = await markPaid(tx, numbers, from, now, operator ?? null);
  if (paid.length === 0) return orderNos.map(() => false);
  const byNumber = new Map(paid.map((o) => [o.orderNo, o]));
  // In the order given, each paid order once: the first place that names it.
  const credited = numbers.flatMap((n) => byNumber.get(n) ?? []);
  const credits: DepositCredit[] = credited.map((o) => ({
    userId: o.userId,
    orderNo: o.orderNo,
    amount: o.amount,
    creditedAmount: o.creditedAmount,
    fee: o.fee,
    bonus: o.bonus,
    first: o.first,
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

/** A paid order as its credit needs it. */
interface PaidRow {
  orderNo: string;
  userId: number;
  amount: number;
  creditedAmount: number;
  fee: number;
  bonus: number;
  /** The player's first deposit. */
  first: boolean;
}

/**
 * Marks the orders PAID that are in one of `from` (compare-and-set) and each player's first of
 * them, in the order given, their first deposit if they had none: flagged in the same update (one
 * new version of the row, not two) and recorded in first_deposits (one per player ever, its key).
 * A first deposit recorded meanwhile by another transaction wins the key: then the flag is taken
 * back here.
 */
async function markPaid(
  tx: Tx,
  orderNos: string[],
  from: DepositStatus[],
  now: Date,
  operator: string | null,
): Promise<PaidRow[]> {
  const at = now.toISOString();
  const payableStatus = isLiteral(sql`o.status`, ...(from as [DepositStatus, ...DepositStatus[]]));
  const answer = await queryRows<
    // bigint columns: text on node-postgres.
    Record<'userId' | 'amount' | 'creditedAmount' | 'fee' | 'bonus', string | number> & {
      orderNo: string;
      first: boolean;
      recorded: boolean;
    }
  >(
    tx,
    sql`WITH r AS (
          SELECT order_no, n FROM jsonb_array_elements_text(${JSON.stringify(orderNos)}::jsonb)
            WITH ORDINALITY AS r(order_no, n)),
        payable AS (
          SELECT o.id, o.user_id, r.n FROM deposit_orders o JOIN r ON r.order_no = o.order_no
          WHERE ${payableStatus}),
        firsts AS (
          SELECT DISTINCT ON (p.user_id) p.id FROM payable p
          WHERE NOT EXISTS (SELECT 1 FROM first_deposits f WHERE f.user_id = p.user_id)
          ORDER BY p.user_id, p.n),
        paid AS (
          UPDATE deposit_orders o
          SET status = 'PAID', paid_at = ${at}::timestamptz, confirmed_by = ${operator},
              first_deposit = o.id IN (SELECT id FROM firsts)
          FROM payable p WHERE o.id = p.id AND ${payableStatus}
          RETURNING o.order_no, o.user_id, o.amount, o.credited_amount, o.fee, o.bonus, o.first_deposit),
        recorded AS (
          INSERT INTO first_deposits (user_id, order_no, created_at)
          SELECT user_id, order_no, ${at}::timestamptz FROM paid WHERE first_deposit ORDER BY user_id
          ON CONFLICT DO NOTHING
          RETURNING order_no)
        SELECT order_no AS "orderNo", user_id AS "userId", amount, credited_amount AS "creditedAmount", fee, bonus,
               first_deposit AS first, order_no IN (SELECT order_no FROM recorded) AS recorded
        FROM paid`,
  );
  const rows = answer.map((o) => ({
    ...o,
    userId: Number(o.userId),
    amount: Number(o.amount),
    creditedAmount: Number(o.creditedAmount),
    fee: Number(o.fee),
    bonus: Number(o.bonus),
  }));
  const lost = rows.filter((o) => o.first && !o.recorded).map((o) => o.orderNo);
  if (lost.length > 0)
    await tx.update(depositOrders).set({ firstDeposit: false }).where(inArray(depositOrders.orderNo, lost));
  return rows.map(({ recorded, ...o }) => ({ ...o, first: recorded }));
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
