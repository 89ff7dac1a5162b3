import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { creditDeposit } from './service.js';

/*
 * A gateway's SUCCESS callbacks that arrive while others are credited share one transaction
 * (docs/design.md §5, "Money calls in batches"): each order credited by the same code as alone
 * (creditDeposit, its fan-out included), in its players' id order, so two batches lock the
 * players' rows in one order.
 */

/** A paid order to credit: its number, and its player (the batch's order). */
export interface PaidOrder {
  orderNo: string;
  userId: number;
}

/** Credits a paid order if it is PENDING or EXPIRED: false when it was not (a repeat), nothing changed. */
export const creditPaidOrder = (ctx: AppContext, order: PaidOrder): Promise<boolean> => creditInBatches(ctx, order);

/** A batch of paid orders, each credited as alone, in their players' order. */
export function creditBatch(ctx: AppContext): TransactionBatch<PaidOrder, boolean> {
  const credit = (tx: Parameters<typeof creditDeposit>[0], o: PaidOrder) =>
    creditDeposit(tx, ctx, o.orderNo, ['PENDING', 'EXPIRED']);
  return {
    // A player's orders in the order they came (the sort is stable): the first credited is the first deposit.
    order: (a, b) => a.userId - b.userId,
    // A throw undoes the batch: each order is then credited alone (transaction-batch.ts).
    each: async (tx, o) => ({ status: 'fulfilled', value: await credit(tx, o) }),
    alone: (o) => inTransaction(ctx.db, (tx) => credit(tx, o)),
  };
}

const creditInBatches = batchedCalls(creditBatch);
