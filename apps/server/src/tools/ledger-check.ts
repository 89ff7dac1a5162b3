import { loadConfig } from '../platform/config.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '../platform/db.js';
import { pgErrorCode } from '../platform/errors.js';
import { checkLedger } from '../modules/wallet/service.js';
import { registerLedgerReferences } from '../ledger-references.js';

/**
 * `npm run ledger:check`: verifies the ledger invariants of docs/design.md §5 on DATABASE_URL, or on
 * the PGlite folder DATA_DIR (relative to where npm was run; refused while a server holds it).
 * Prints each check; exits 1 naming the broken ones.
 */
registerLedgerReferences();
const PG_UNDEFINED_TABLE = '42P01';
const config = loadConfig(process.env);
// A check never creates a database: a folder without one is an error.
if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
  console.error(`ledger check could not run: no database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
let database: Database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`ledger check could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
let exitCode = 0;
try {
  const report = await checkLedger(database.db);
  for (const check of report.checks) {
    console.log(`${check.ok ? 'OK    ' : 'FAILED'} ${check.name}${check.ok ? '' : `: ${check.detail}`}`);
  }
  if (!report.ok) {
    console.error(`ledger check failed: ${report.failures.map((f) => f.split(':')[0]).join('; ')}`);
    exitCode = 1;
  } else {
    console.log(`ledger OK (${report.checks.length} checks, ${database.kind})`);
  }
} catch (err) {
  const reason =
    pgErrorCode(err) === PG_UNDEFINED_TABLE
      ? 'the database has no ledger tables yet (start the server or run `npm run seed -w apps/server` first)'
      : err instanceof Error
        ? err.message
        : String(err);
  console.error(`ledger check could not run: ${reason}`);
  exitCode = 2;
} finally {
  await database.close();
}
process.exit(exitCode);
