import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { prepareDatabase } from './prepare.js';

/** `npm run seed -w apps/server`: migrates the configured database and seeds it if empty. */
const config = loadConfig(process.env);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database, new Date(), { sandboxPay: config.sandboxPay });
  console.log(`database ready (${database.kind})`);
} finally {
  await database.close();
}
