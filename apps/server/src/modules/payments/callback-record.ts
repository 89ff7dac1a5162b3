import { batcherPerDb } from '../../platform/db-batcher.js';
import type { Db } from '../../platform/db.js';
import { paymentCallbacks } from './tables.js';

/*
 * Every gateway callback is kept as it arrived, with what became of it (the console lists them
 * per order), after its outcome is known and outside the credit's transaction, so a refused one
 * is kept too. Callbacks that arrive while others are being kept are written together, one insert
 * and one commit for all (db-batcher.ts; docs/design.md §5, "Money calls in batches").
 */

type CallbackRecord = { gateway: string; payload: string; outcome: string; receivedAt: Date };
type CallbackRow = typeof paymentCallbacks.$inferInsert;

/** PostgreSQL text holds no NUL character: kept visible as the escape `\u0000` instead. */
const storable = (s: string) => s.replaceAll('\u0000', '\\u0000');

/** The row of a callback: its body cut to 4,000 characters, the order it names if it can be read. */
function rowOf(input: CallbackRecord): CallbackRow {
  let orderNo: string | null = null;
  try {
    const parsed: unknown = JSON.parse(input.payload);
    if (parsed && typeof parsed === 'object' && 'orderNo' in parsed && typeof parsed.orderNo === 'string')
      orderNo = storable(parsed.orderNo.slice(0, 64));
  } catch {
    // an unreadable body is kept as it came, under no order
  }
  return { ...input, payload: storable(input.payload.slice(0, 4000)), orderNo };
}

const writeRows = batcherPerDb(async (db, rows: CallbackRow[]) => {
  await db.insert(paymentCallbacks).values(rows);
  return rows.map(() => ({ status: 'fulfilled' as const, value: undefined }));
});

/** Keeps a gateway callback as it arrived, with what became of it: resolves once it is committed. */
export const recordCallback = (db: Db, input: CallbackRecord): Promise<void> => writeRows(db, rowOf(input));
