import { sql } from 'drizzle-orm';
import { checkLedger } from '../../modules/wallet/service.js';
import { inTransaction, queryRows, type Database, type Tx } from '../../platform/db.js';
import { rowOrder, sequenceStates, setTransferSession, tableSum, tablesInInsertOrder } from './catalog.js';
import { FORMAT, FORMAT_VERSION, refuseExisting, TransferRefused, writeExportFile, type ExportHeader } from './file.js';
import { keyFingerprint, type FoundKey } from './secrets-key.js';

const FETCH_ROWS = 1_000;

/**
 * Writes every table of the database to `file` (file.ts), from one snapshot, after the ledger
 * check passed on that snapshot. `key`: the key the secrets in the rows are sealed with.
 */
export async function exportDatabase(database: Database, file: string, key: FoundKey | null): Promise<ExportHeader> {
  refuseExisting(file);
  return inTransaction(database.db, async (tx) => {
    // One snapshot: the header's counts, the ledger check and the rows written all agree.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    await setTransferSession(tx);
    const ledger = await checkLedger(tx);
    if (!ledger.ok)
      throw new TransferRefused(
        `the ledger check fails on this database (${ledger.failures.join('; ')}): a move would carry the fault along; run npm run ledger:check and resolve it first`,
      );
    const migrations = await queryRows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations ORDER BY name`);
    const tables: ExportHeader['tables'] = [];
    for (const name of await tablesInInsertOrder(tx)) tables.push({ name, ...(await tableSum(tx, name)) });
    const sealed = tables.reduce((n, t) => n + t.sealed, 0);
    if (sealed > 0 && !key)
      throw new TransferRefused(
        `${sealed} rows hold secrets sealed with this install's key, and the key was not found (SECRETS_KEY unset, no secrets.key in the data folder): set SECRETS_KEY to the key this install runs with`,
      );
    const header: ExportHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      source: database.kind,
      migrations: migrations.map((m) => m.name),
      tables,
      sequences: await sequenceStates(tx),
      secretsKey: sealed > 0 && key ? keyFingerprint(key.key) : null,
    };
    await writeExportFile(file, exportLines(tx, header));
    return header;
  });
}

async function* exportLines(tx: Tx, header: ExportHeader): AsyncGenerator<string> {
  yield JSON.stringify(header);
  for (const table of header.tables) {
    yield JSON.stringify({ table: table.name });
    await tx.execute(
      sql`DECLARE export_rows NO SCROLL CURSOR FOR
          SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table.name)} t ORDER BY ${await rowOrder(tx, table.name)}`,
    );
    let written = 0;
    for (;;) {
      const rows = await queryRows<{ row: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM export_rows`));
      for (const { row } of rows) yield row;
      written += rows.length;
      if (rows.length < FETCH_ROWS) break;
    }
    await tx.execute(sql`CLOSE export_rows`);
    // The snapshot makes this impossible; a file that disagrees with its header must never be written.
    if (written !== table.rows) throw new Error(`${table.name}: ${written} rows read, ${table.rows} counted`);
  }
  yield JSON.stringify({ end: true });
}
