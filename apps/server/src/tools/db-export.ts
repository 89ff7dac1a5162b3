import { statSync } from 'node:fs';
import { commandLine, databaseName, fail, openConfigured } from './db-transfer/cli.js';
import { exportDatabase } from './db-transfer/export.js';
import { registerLedgerReferences } from '../ledger-references.js';

/**
 * `npm run db:export -- <file>`: writes every row of the database (the PGlite folder DATA_DIR,
 * or DATABASE_URL) to one file for `npm run db:import`, once the ledger check passes on it.
 * Refused while a server holds the folder.
 */
registerLedgerReferences();
const TOOL = 'db:export';
const { config, file, key } = commandLine(TOOL);
const database = await openConfigured(TOOL, config);
try {
  const header = await exportDatabase(database, file, key);
  const rows = header.tables.reduce((n, t) => n + t.rows, 0);
  const from = config.databaseUrl ? databaseName(config.databaseUrl) : config.dataDir;
  console.log(`ledger OK on ${from}`);
  console.log(
    `exported ${header.tables.length} tables, ${rows} rows (${header.migrations.length} migrations) to ${file} (${statSync(file).size} bytes)`,
  );
  if (header.secretsKey && key) {
    console.log(
      `the rows hold secrets sealed with this install's key (${key.from}), which is not in the file: run db:import, and every server on the new database, with SECRETS_KEY set to it${key.from === 'SECRETS_KEY' ? '' : ` (SECRETS_KEY=$(cat ${key.from}))`}`,
    );
  }
  console.log("the file holds every player's data: keep it as private as the database");
} catch (err) {
  await database.close();
  fail(TOOL, err);
}
await database.close();
