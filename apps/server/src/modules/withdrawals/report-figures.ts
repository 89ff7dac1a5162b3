import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { withdrawals, type reportAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import {
  countWhere,
  longestSeconds,
  medianSeconds,
  secondsBetween,
  secondsSince,
  successBp,
  sumOf,
} from '../../platform/durations.js';
import { byPeriod, periodOfInstant, type PeriodGroup } from '../../platform/periods.js';
import { withdrawalOrders } from './tables.js';

/*
 * The withdrawals' side of the payments report (docs/design.md §9, "Reports, as built"): per
 * payout method (the account's type), what the orders made in the range became (by creation
 * time) and what was paid in the range (by the time of payout, when the ledger posts the hold);
 * and the two queues every withdrawal passes, review and payout.
 */

type Range = { from: Date; to: Date };
type Method = reportAdmin.WithdrawalMethodRow['method'];
type PaidKey = 'paidOrders' | 'amount' | 'fees' | 'netPaid';
type Outcomes = Omit<reportAdmin.WithdrawalFigures, 'successBp' | PaidKey>;
type Paid = Pick<reportAdmin.WithdrawalFigures, PaidKey>;

const o = withdrawalOrders;
const method = sql<Method>`${o.accountSummary} ->> 'type'`;
const paid = sql`${o.status} = 'paid'`;

const outcomes = {
  made: sql<number>`count(*)`.mapWith(Number),
  succeeded: countWhere(paid),
  rejected: countWhere(sql`${o.status} = 'rejected'`),
  open: countWhere(sql`${o.status} IN ('reviewing', 'approved')`),
  medianSeconds: medianSeconds(secondsBetween(o.createdAt, o.paidAt), paid),
};

const paidFigures = {
  paidOrders: sql<number>`count(*)`.mapWith(Number),
  amount: sumOf(o.amount),
  fees: sumOf(o.feeAmount),
  netPaid: sumOf(o.netAmount),
};

const noOutcomes: Outcomes = { made: 0, succeeded: 0, rejected: 0, open: 0, medianSeconds: null };
const noPaid: Paid = { paidOrders: 0, amount: 0, fees: 0, netPaid: 0 };

const madeIn = (range: Range) => and(gte(o.createdAt, range.from), lt(o.createdAt, range.to));
const paidIn = (range: Range) => and(eq(o.status, 'paid'), gte(o.paidAt, range.from), lt(o.paidAt, range.to));

const figuresOf = (out: Outcomes, p: Paid): reportAdmin.WithdrawalFigures => ({
  ...out,
  successBp: successBp(out.succeeded, out.made),
  ...p,
});

/** Every payout method's withdrawal figures over the range (unused ones as 0), and the range's totals. */
export async function withdrawalFiguresByMethod(db: Conn, range: Range) {
  const [made, madeTotal, paidRows] = await Promise.all([
    db
      .select({ method, ...outcomes })
      .from(o)
      .where(madeIn(range))
      .groupBy(sql`1`),
    db.select(outcomes).from(o).where(madeIn(range)),
    db
      .select({ method, ...paidFigures })
      .from(o)
      .where(paidIn(range))
      .groupBy(sql`1`),
  ]);
  const madeBy = new Map(made.map(({ method: m, ...r }) => [m, r]));
  const paidBy = new Map(paidRows.map(({ method: m, ...r }) => [m, r]));
  const rows = withdrawals.withdrawTypes.map((m): reportAdmin.WithdrawalMethodRow => ({
    method: m,
    ...figuresOf(madeBy.get(m) ?? noOutcomes, paidBy.get(m) ?? noPaid),
  }));
  const totalPaid = { ...noPaid };
  for (const p of paidBy.values()) for (const k of Object.keys(totalPaid) as PaidKey[]) totalPaid[k] += p[k];
  return { rows, totals: figuresOf(madeTotal[0] ?? noOutcomes, totalPaid) };
}

/**
 * A queue's figures: of the orders made in the range, those decided (`decidedAt` not null) and
 * their wait from `enteredAt`; and the orders in `waitingStatus` now, the oldest's wait.
 */
async function queueOf(
  db: Conn,
  range: Range,
  now: Date,
  queue: { enteredAt: SQL; decidedAt: SQL; waitingStatus: withdrawals.WithdrawStatus },
): Promise<reportAdmin.QueueFigures> {
  const wait = secondsBetween(queue.enteredAt, queue.decidedAt);
  const decided = sql`${queue.decidedAt} IS NOT NULL`;
  const [[done], [waiting]] = await Promise.all([
    db
      .select({
        decided: countWhere(decided),
        medianWaitSeconds: medianSeconds(wait, decided),
        longestWaitSeconds: longestSeconds(wait, decided),
      })
      .from(o)
      .where(madeIn(range)),
    db
      .select({
        waiting: sql<number>`count(*)`.mapWith(Number),
        oldestWaitSeconds: longestSeconds(secondsSince(queue.enteredAt, now)),
      })
      .from(o)
      .where(eq(o.status, queue.waitingStatus)),
  ]);
  return {
    decided: done?.decided ?? 0,
    medianWaitSeconds: done?.medianWaitSeconds ?? null,
    longestWaitSeconds: done?.longestWaitSeconds ?? null,
    waiting: waiting?.waiting ?? 0,
    oldestWaitSeconds: waiting?.oldestWaitSeconds ?? null,
  };
}

/**
 * Review: from the request to the approval that let it be paid (the second of a large one) or the
 * rejection; waiting now: in review. Payout: from that approval to the payout or a rejection;
 * waiting now: approved, not paid.
 */
export async function withdrawalQueues(db: Conn, range: Range, now: Date) {
  const [reviewQueue, payoutQueue] = await Promise.all([
    queueOf(db, range, now, {
      enteredAt: sql`${o.createdAt}`,
      decidedAt: sql`LEAST(${o.approvedAt}, ${o.rejectedAt})`,
      waitingStatus: 'reviewing',
    }),
    queueOf(db, range, now, {
      enteredAt: sql`${o.approvedAt}`,
      decidedAt: sql`CASE WHEN ${o.approvedAt} IS NOT NULL THEN coalesce(${o.paidAt}, ${o.rejectedAt}) END`,
      waitingStatus: 'approved',
    }),
  ]);
  return { reviewQueue, payoutQueue };
}

/** Per period of the range: withdrawals made and paid (by creation), and the money paid (by payout). */
export async function withdrawalsByPeriod(db: Conn, range: Range, group: PeriodGroup, timeZone: string) {
  const [made, money] = await Promise.all([
    db
      .select({
        period: periodOfInstant(o.createdAt, group, timeZone),
        made: outcomes.made,
        succeeded: outcomes.succeeded,
      })
      .from(o)
      .where(madeIn(range))
      .groupBy(sql`1`),
    db
      .select({
        period: periodOfInstant(o.paidAt, group, timeZone),
        amount: paidFigures.amount,
        fees: paidFigures.fees,
      })
      .from(o)
      .where(paidIn(range))
      .groupBy(sql`1`),
  ]);
  return { made: byPeriod(made), money: byPeriod(money) };
}
