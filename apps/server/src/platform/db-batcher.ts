import { callBatcher } from './call-batcher.js';
import type { Db } from './db.js';
import { MONEY_BATCHES } from './transaction-batch.js';

/**
 * A call gathered with the others of its kind in flight on the same database (call-batcher.ts,
 * MONEY_BATCHES): a lone call runs at once; under load the calls that waited run together, one
 * statement for all. Unlike batchedRead, which gathers one turn of the event loop, a batch here
 * takes every call that came while the last ones ran. `run` answers each item by its place.
 */
export function batcherPerDb<I, O>(
  run: (db: Db, items: I[]) => Promise<PromiseSettledResult<O>[]>,
): (db: Db, item: I) => Promise<O> {
  const batchers = new WeakMap<Db, (item: I) => Promise<O>>();
  return (db, item) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = callBatcher((items: I[]) => run(db, items), MONEY_BATCHES);
      batchers.set(db, batcher);
    }
    return batcher(item);
  };
}
