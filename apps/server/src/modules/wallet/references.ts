import { sql } from 'drizzle-orm';
import type { TransferCode } from '@breakshot/contracts';
import { queryRows, type Conn } from '../../platform/db.js';

/**
 * A business table whose rows move money: each row in its final money state has exactly one
 * transfer (single or pending) of `code` that names it, and each such transfer names such a row.
 * `npm run ledger:check` verifies both directions for every registered reference.
 */
export interface LedgerReference {
  /** The table, as transfers.reference_table names it. */
  table: string;
  /** Its column that transfers.reference_id holds (compared as text). */
  idColumn: string;
  code: TransferCode;
  /** SQL condition over the table's columns: the row's money has moved (e.g. status = 'PAID'). */
  settled: string;
}

const registry = new Map<string, LedgerReference>();

/**
 * Called for each kind of money move by src/ledger-references.ts (every module's list), and by a
 * test for its own table: it returns the undo (test files share one process).
 */
export function registerLedgerReference(ref: LedgerReference): () => void {
  const key = `${ref.table}:${ref.code}`;
  registry.set(key, ref);
  return () => registry.delete(key);
}

export function ledgerReferences(): LedgerReference[] {
  return [...registry.values()];
}

/**
 * A column of a business table that a reader of fund details needs beside the row's id (bets:
 * the game type, so an entry links to its bet). Registered by the table's module.
 */
const contexts = new Map<string, { idColumn: string; column: string }>();

export interface ReferenceContext {
  table: string;
  idColumn: string;
  column: string;
}

export function registerReferenceContext({ table, idColumn, column }: ReferenceContext): void {
  contexts.set(table, { idColumn, column });
}

/** The context of each reference that has one, keyed `table:id`; one query per table. */
export async function referenceContexts(db: Conn, refs: { table: string; id: string }[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const [table, context] of contexts) {
    const ids = [...new Set(refs.filter((r) => r.table === table).map((r) => r.id))];
    if (ids.length === 0) continue;
    const idCol = sql.identifier(context.idColumn);
    const rows = await queryRows<{ id: string; ctx: string }>(
      db,
      sql`SELECT ${idCol}::text AS id, ${sql.identifier(context.column)}::text AS ctx
          FROM ${sql.identifier(table)} WHERE ${idCol}::text IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const row of rows) found.set(`${table}:${row.id}`, row.ctx);
  }
  return found;
}
