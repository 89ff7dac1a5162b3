import type { reportAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import type { Conn } from '../../platform/db.js';
import { successBp } from '../../platform/durations.js';
import { periodsBetween } from '../../platform/periods.js';
import { depositFiguresByChannel, depositsByPeriod, manualDepositQueue } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { withdrawalFiguresByMethod, withdrawalQueues, withdrawalsByPeriod } from '../withdrawals/service.js';

/*
 * The payments report (docs/design.md §9, "Reports, as built"): deposits per channel and
 * withdrawals per payout method, each module's figures, the largest amount first, and the manual
 * queues; and both per period of the range. A report: it reads a replica where one is configured.
 */

type RangeInput = z.output<(typeof reportAdmin)['paymentsReport']['request']>;

const rangeOf = (input: RangeInput) => ({ from: new Date(input.from), to: new Date(input.to) });

/** The rows by amount (then orders made), largest first, and the page asked for. */
function pageOf<R extends { amount: number; made: number }>(rows: R[], input: RangeInput) {
  const sorted = rows.toSorted((a, b) => b.amount - a.amount || b.made - a.made);
  const start = (input.page - 1) * input.pageSize;
  return {
    list: sorted.slice(start, start + input.pageSize),
    total: rows.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function paymentsReport(db: Conn, input: RangeInput, now: Date) {
  const range = rangeOf(input);
  const [{ rows, totals }, manualQueue] = await Promise.all([
    depositFiguresByChannel(db, range),
    manualDepositQueue(db, range, now),
  ]);
  return { ...pageOf(rows, input), totals, manualQueue };
}

export async function withdrawalsReport(db: Conn, input: RangeInput, now: Date) {
  const range = rangeOf(input);
  const [{ rows, totals }, queues] = await Promise.all([
    withdrawalFiguresByMethod(db, range),
    withdrawalQueues(db, range, now),
  ]);
  return { ...pageOf(rows, input), totals, ...queues };
}

type PeriodsInput = z.output<(typeof reportAdmin)['paymentsByPeriod']['request']>;

/** Deposits and withdrawals per period of the range (every one, oldest first), a page of them. */
export async function paymentsByPeriod(db: Conn, input: PeriodsInput) {
  const { timeZone } = await getSysConfig(db);
  const range = rangeOf(input);
  const [deposits, withdrawals] = await Promise.all([
    depositsByPeriod(db, range, input.group, timeZone),
    withdrawalsByPeriod(db, range, input.group, timeZone),
  ]);
  const periods = periodsBetween(range.from, range.to, input.group, timeZone);
  const start = (input.page - 1) * input.pageSize;
  const rowOf = (period: string): reportAdmin.PaymentsPeriodRow => {
    const d = { made: 0, succeeded: 0, ...deposits.made.get(period) };
    const w = { made: 0, succeeded: 0, ...withdrawals.made.get(period) };
    const deposited = deposits.money.get(period) ?? { amount: 0, fees: 0 };
    const withdrawn = withdrawals.money.get(period) ?? { amount: 0, fees: 0 };
    return {
      period,
      depositsMade: d.made,
      depositsCredited: d.succeeded,
      depositSuccessBp: successBp(d.succeeded, d.made),
      deposited: deposited.amount,
      depositFees: deposited.fees,
      withdrawalsMade: w.made,
      withdrawalsPaid: w.succeeded,
      withdrawalSuccessBp: successBp(w.succeeded, w.made),
      withdrawn: withdrawn.amount,
      withdrawalFees: withdrawn.fees,
      net: deposited.amount - withdrawn.amount,
    };
  };
  return {
    list: periods.slice(start, start + input.pageSize).map(rowOf),
    total: periods.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}
