import { sql } from 'drizzle-orm';
import { checkLedger } from '../../modules/wallet/service.js';
import { inTransaction, queryRows, type Conn, type Database, type Tx } from '../../platform/db.js';
import { applyMigrations, migrationFiles, withSetupLock } from '../../platform/migrate.js';
import { restoreSequence, setTransferSession, tableSum, tablesInInsertOrder, tablesMigrationsFill } from './catalog.js';
import { parseHeader, readLines, TransferRefused, type ExportHeader } from './file.js';
import { keyFingerprint, type FoundKey } from './secrets-key.js';

const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4_000_000;

export interface ImportResult {
  header: ExportHeader;
  /** Migrations applied to the target before the rows went in. */
  migrated: string[];
  /** The ledger check's checks, all passed, on the target. */
  ledgerChecks: number;
}

/**
 * Loads an export into an empty (or freshly migrated, unused) database, in one transaction: the
 * target is migrated to the export's migrations, every row inserted, the sequences moved past
 * the imported ids, and the counts, checksums and ledger check compared before the commit. Any
 * refusal leaves the target as it was (migrations applied, at most).
 */
export async function importDatabase(database: Database, file: string, key: FoundKey | null): Promise<ImportResult> {
  const lines = readLines(file);
  try {
    const header = parseHeader((await lines.next()).value as string | undefined, file);
    checkKey(header, key);
    await checkMigrations(header);
    const filled = await tablesMigrationsFill();
    await checkTargetEmpty(database.db, header, filled);
    // Under the setup lock: a server starting meanwhile neither migrates nor seeds in between.
    return await withSetupLock(database, async (conn) => {
      const migrated = await applyMigrations(database, conn);
      const ledgerChecks = await inTransaction(database.db, async (tx) => {
        await setTransferSession(tx);
        await checkTargetEmpty(tx, header, filled);
        const tables = header.tables.map((t) => t.name);
        const present = await tablesInInsertOrder(tx);
        if ([...present].sort().join() !== [...tables].sort().join())
          throw new TransferRefused('the migrated target has other tables than the export: nothing was imported');
        // The rows the migrations put in (settings, levels) give way to the export's.
        await tx.execute(
          sql`TRUNCATE ${sql.join(
            tables.map((t) => sql.identifier(t)),
            sql`, `,
          )}`,
        );
        await insertRows(tx, header, lines, file);
        for (const sequence of header.sequences) await restoreSequence(tx, sequence);
        await compareWithExport(tx, header);
        const ledger = await checkLedger(tx);
        if (!ledger.ok)
          throw new TransferRefused(
            `the ledger check fails on the imported rows (${ledger.failures.join('; ')}): nothing was imported`,
          );
        return ledger.checks.length;
      });
      return { header, migrated, ledgerChecks };
    });
  } finally {
    await lines.return(undefined);
  }
}

function checkKey(header: ExportHeader, key: FoundKey | null): void {
  if (!header.secretsKey) return;
  const needed =
    "set SECRETS_KEY to the source install's key (the 64 hex digits of secrets.key in its data folder, or the SECRETS_KEY it ran with); every server on the new database needs it too";
  if (!key) throw new TransferRefused(`the export holds secrets sealed with the source install's key: ${needed}`);
  if (keyFingerprint(key.key) !== header.secretsKey)
    throw new TransferRefused(`the key of ${key.from} did not seal the export's secrets: ${needed}`);
}

/** The export must have exactly this version's migrations: its rows fit this schema and no other. */
async function checkMigrations(header: ExportHeader): Promise<void> {
  const known = await migrationFiles();
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length > 0)
    throw new TransferRefused(
      `the export was made by a newer Breakshot (migrations ${unknown.join(', ')} are unknown here): import it with that version`,
    );
  const missing = known.filter((m) => !header.migrations.includes(m));
  if (missing.length > 0)
    throw new TransferRefused(
      `the export lacks migrations ${missing.join(', ')}: start the embedded install once with this version (it applies them), then export again`,
    );
}

/**
 * The target holds no tables, or is a Breakshot database no server has used: no row but those
 * the migrations put in, and no migration the export lacks.
 */
async function checkTargetEmpty(db: Conn, header: ExportHeader, filled: Set<string>): Promise<void> {
  const tables = await tablesInInsertOrder(db);
  if (tables.length === 0) return;
  if (!tables.includes('schema_migrations'))
    throw new TransferRefused(
      `the target database holds tables (${tables.slice(0, 3).join(', ')}…) but no Breakshot schema: import into a new, empty database`,
    );
  const applied = await queryRows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`);
  const foreign = applied.map((m) => m.name).filter((m) => !header.migrations.includes(m));
  if (foreign.length > 0)
    throw new TransferRefused(`the target database has migrations the export lacks (${foreign.join(', ')})`);
  const withRows: string[] = [];
  for (const table of tables) {
    if (table === 'schema_migrations' || filled.has(table)) continue;
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS any`,
    );
    if (row?.any) withRows.push(table);
  }
  if (withRows.length > 0)
    throw new TransferRefused(
      `the target database is not empty (${withRows.slice(0, 5).join(', ')}${withRows.length > 5 ? ', …' : ''} hold rows): import into a new database (createdb); nothing was changed`,
    );
}

/** Reads each table's rows from the file and inserts them, in batches, as PostgreSQL's own JSON. */
async function insertRows(tx: Tx, header: ExportHeader, lines: AsyncGenerator<string>, file: string): Promise<void> {
  const damaged = (where: string) =>
    new TransferRefused(`${file} is damaged or cut short (${where}): nothing was imported`);
  for (const table of header.tables) {
    if ((await lines.next()).value !== JSON.stringify({ table: table.name }))
      throw damaged(`the rows of ${table.name} are not where the header puts them`);
    let batch: string[] = [];
    let chars = 0;
    for (let n = 0; n < table.rows; n += 1) {
      const line = await lines.next();
      if (line.done) throw damaged(`it ends within ${table.name}`);
      batch.push(line.value);
      chars += line.value.length;
      if (batch.length === BATCH_ROWS || chars >= BATCH_CHARS || n === table.rows - 1) {
        const t = sql.identifier(table.name);
        await tx.execute(
          sql`INSERT INTO ${t} SELECT * FROM json_populate_recordset(NULL::${t}, ${`[${batch.join(',')}]`}::json)`,
        );
        batch = [];
        chars = 0;
      }
    }
  }
  if ((await lines.next()).value !== JSON.stringify({ end: true })) throw damaged('no end after the last table');
}

/** Every table's row count and checksum on the target against the export's header. */
async function compareWithExport(tx: Tx, header: ExportHeader): Promise<void> {
  const differ: string[] = [];
  for (const table of header.tables) {
    const sum = await tableSum(tx, table.name);
    if (sum.rows !== table.rows) differ.push(`${table.name}: ${sum.rows} rows, the export has ${table.rows}`);
    else if (sum.checksum !== table.checksum) differ.push(`${table.name}: values differ from the export`);
  }
  if (differ.length > 0)
    throw new TransferRefused(`the imported rows do not match the export (${differ.join('; ')}): nothing was imported`);
}
