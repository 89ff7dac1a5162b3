import type { TransferCode } from '@breakshot/contracts';

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

/** Modules call this once, at import, for each kind of money move they make. */
export function registerLedgerReference(ref: LedgerReference): void {
  registry.set(`${ref.table}:${ref.code}`, ref);
}

export function ledgerReferences(): LedgerReference[] {
  return [...registry.values()];
}
