import type { reportAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import type { Conn } from '../../platform/db.js';
import { depositFiguresByChannel, manualDepositQueue } from '../payments/service.js';
import { withdrawalFiguresByMethod, withdrawalQueues } from '../withdrawals/service.js';

/*
 * The payments report (docs/design.md §9, "Reports, as built"): deposits per channel and
 * withdrawals per payout method, each module's figures, the largest amount first, and the manual
 * queues. A report: it reads a replica where one is configured.
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
