import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { creditDeposits } from './credit.js';

/*
 * A gateway's SUCCESS callbacks that arrive while others are credited share one transaction
 * (docs/design.md §5, "Money calls in batches"): the orders credited together (creditDeposits, its
 * fan-out included), in their players' id order, so two batches lock the players' rows in one
 * order; a call alone is a batch of one.
 */

/** A paid order to credit: its number, and its player (the batch's order). */
export interface PaidOrder {
  orderNo: string;
  userId: number;
}

/** Credits a paid order if it is PENDING or EXPIRED: false when it was not (a repeat), nothing changed. */
export const creditPaidOrder = (ctx: AppContext, order: PaidOrder): Promise<boolean> => creditInBatches(ctx, order);

/** A batch of paid orders, credited together as they would be one after another, in their players' order. */
export function creditBatch(ctx: AppContext): TransactionBatch<PaidOrder, boolean> {
  const creditAll = (tx: Tx, orders: PaidOrder[]) =>
    creditDeposits(
      tx,
      ctx,
      orders.map((o) => o.orderNo),
      ['PENDING', 'EXPIRED'],
    );
  return {
    // A player's orders in the order they came (the sort is stable): the first credited is the first deposit.
    order: (a, b) => a.userId - b.userId,
    // A throw undoes the batch: each order is then credited alone (transaction-batch.ts).
    all: async (tx, orders) => (await creditAll(tx, orders)).map((value) => ({ status: 'fulfilled', value })),
    alone: (o) => inTransaction(ctx.db, async (tx) => (await creditAll(tx, [o]))[0]!),
  };
}

const creditInBatches = batchedCalls(creditBatch);
