import { callBatcher } from './call-batcher.js';
import type { AppContext } from './context.js';
import { inTransaction, type Db, type Tx } from './db.js';
import { pgErrorCode } from './errors.js';

/*
 * Calls of one kind run together in one transaction (docs/design.md §5, "Money calls in
 * batches"), with call-batcher.ts gathering them: each call's work on the shared transaction, in
 * a fixed order of the calls (so two batches take their rows' locks in the same order); if the
 * transaction fails for sure, each call again in its own transaction, one after another in that
 * order. So a batch answers each call what it would have answered alone in that order.
 */

interface BatchOrder<I, O> {
  /** The order the calls run in, a batch or alone one after another: by the rows they lock. */
  order: (a: I, b: I) => number;
  /** The call alone, in a transaction of its own (with whatever retries it makes alone). */
  alone: (item: I) => Promise<O>;
  /** After the calls committed together: what each would have done after its own commit. */
  committed?: () => Promise<void>;
}

/**
 * A batch's work on the shared transaction: each call's own (`each`), or all of them at once, one
 * statement per step for the whole batch (`all`, given the calls in their order). Either answers
 * each call, or refuses it having written nothing for it; a throw undoes the whole batch.
 */
type BatchWork<I, O> =
  | { each: (tx: Tx, item: I) => Promise<PromiseSettledResult<O>>; all?: never }
  | { all: (tx: Tx, items: I[]) => Promise<PromiseSettledResult<O>[]>; each?: never };

export type TransactionBatch<I, O> = BatchOrder<I, O> & BatchWork<I, O>;

/**
 * Batches in flight at once per process (`parallel`): the money benchmark placed most billiards
 * bets a second with 2, of 2 to 4 tried (bench/README.md); more run in smaller batches. The most
 * calls a batch takes (`max`): its transaction holds their rows' locks until it commits.
 */
export const MONEY_BATCHES = { parallel: 2, max: 32 };

/**
 * A call run in a batch with those made at the same time (one batcher per app): `batchOf` gives
 * each batch its work (a batch may gather what to do once it committed).
 */
export function batchedCalls<I, O>(
  batchOf: (ctx: AppContext) => TransactionBatch<I, O>,
): (ctx: AppContext, item: I) => Promise<O> {
  const batchers = new WeakMap<AppContext, (item: I) => Promise<O>>();
  return (ctx, item) => {
    let batcher = batchers.get(ctx);
    if (!batcher) {
      const run = (items: I[]) => runBatch(ctx.db, items, batchOf(ctx));
      batcher = callBatcher(run, MONEY_BATCHES);
      batchers.set(ctx, batcher);
    }
    return batcher(item);
  };
}

const settled = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> =>
  p.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

/**
 * The items' answers in their order. A single item runs alone. A failure that may have committed
 * (the connection lost at COMMIT) is thrown, failing every call of the batch as it fails a call
 * alone: nothing is run twice.
 */
export async function runBatch<I, O>(
  db: Db,
  items: I[],
  batch: TransactionBatch<I, O>,
): Promise<PromiseSettledResult<O>[]> {
  const order = items.map((_, i) => i).sort((a, b) => batch.order(items[a]!, items[b]!));
  const answers: PromiseSettledResult<O>[] = new Array(items.length);
  if (items.length > 1 && (await together(db, items, order, answers, batch))) {
    await batch.committed?.();
    return answers;
  }
  for (const i of order) answers[i] = await settled(batch.alone(items[i]!));
  return answers;
}

/** Runs the items in one transaction, filling `answers`: whether it committed (false: undone for sure). */
async function together<I, O>(
  db: Db,
  items: I[],
  order: number[],
  answers: PromiseSettledResult<O>[],
  batch: TransactionBatch<I, O>,
): Promise<boolean> {
  let worked = false;
  try {
    await inTransaction(db, async (tx) => {
      if (batch.all) {
        const results = await batch.all(
          tx,
          order.map((i) => items[i]!),
        );
        order.forEach((i, n) => (answers[i] = results[n]!));
      } else {
        for (const i of order) answers[i] = await batch.each(tx, items[i]!);
      }
      worked = true;
    });
    return true;
  } catch (err) {
    // Undone for sure: a call's work threw, or the database refused a statement.
    if (worked && pgErrorCode(err) === undefined) throw err;
    return false;
  }
}
