import { commandLine, databaseName, fail, openConfigured } from './db-transfer/cli.js';
import { importDatabase } from './db-transfer/import.js';
import { registerLedgerReferences } from '../ledger-references.js';

/**
 * `DATABASE_URL=postgres://… npm run db:import -- <file>`: loads a db:export file into an empty
 * PostgreSQL database (migrated here to the export's migrations), checks every table's rows and
 * the ledger, and commits all or nothing. Secrets sealed in the rows need the source's key
 * (SECRETS_KEY, or secrets.key in DATA_DIR).
 */
registerLedgerReferences();
const TOOL = 'db:import';
const { config, file, key } = commandLine(TOOL);
if (!config.databaseUrl) fail(TOOL, 'set DATABASE_URL to the PostgreSQL database to import into');
const database = await openConfigured(TOOL, config);
try {
  const { header, migrated, ledgerChecks } = await importDatabase(database, file, key);
  const rows = header.tables.reduce((n, t) => n + t.rows, 0);
  if (migrated.length > 0) console.log(`migrated ${databaseName(config.databaseUrl)}: ${migrated.length} migrations`);
  console.log(`imported ${header.tables.length} tables, ${rows} rows from ${file} (exported ${header.exportedAt})`);
  console.log(`every table's rows match the export; ${header.sequences.length} sequences set past the imported ids`);
  console.log(`ledger OK (${ledgerChecks} checks) on ${databaseName(config.databaseUrl)}`);
  if (header.secretsKey && key?.from !== 'SECRETS_KEY')
    console.log(`start every server on it with SECRETS_KEY set to the key of ${key?.from}: the sealed secrets need it`);
} catch (err) {
  await database.close();
  fail(TOOL, err);
}
await database.close();
