import { sql } from 'drizzle-orm';
import { queryRows, type Conn } from '../../src/platform/db.js';

/*
 * Which transactions wrote a batch's rows (platform/transaction-batch.ts): rows of one
 * transaction share their xmin, so a batch undone and made again call by call shows as many.
 */

type BatchTable = 'rebate_claims' | 'agent_transfers';

/** The table's newest id (0 when empty): the rows after it are those written since. */
export async function lastIdOf(db: Conn, table: BatchTable): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT coalesce(max(id), 0)::int AS id FROM ${sql.identifier(table)}`,
  );
  return row!.id;
}

/** How many transactions wrote the table's rows after `id`. */
export async function writersAfter(db: Conn, table: BatchTable, id: number): Promise<number> {
  const [row] = await queryRows<{ writers: number }>(
    db,
    sql`SELECT count(DISTINCT xmin::text)::int AS writers FROM ${sql.identifier(table)} WHERE id > ${id}`,
  );
  return row!.writers;
}
