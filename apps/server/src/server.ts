import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig, startupWarnings } from './platform/config.js';
import { InvalidConfig } from './platform/config-env.js';
import { DatabaseUnavailable, openDatabase } from './platform/db.js';
import { FolderInUseError } from './platform/pglite-folder.js';
import { loggerOptions } from './platform/logger.js';
import { MigrationChanged } from './platform/migrate.js';
import { resolveAdminToken } from './platform/operator-token.js';
import { resolveSecretsKey, SecretsKeyMismatch } from './platform/secret-box.js';
import { drainOnSignals } from './platform/shutdown.js';
import { testClock } from './platform/test-clock.js';
import { isFirstInstance, isWorker, superviseWorkers } from './platform/workers.js';
import { appUrl, lanAddress, startSummary } from './start-summary.js';

const config = configOrExit();
if (config.workers > 1 && !isWorker()) {
  // The workers share one operator token and sealing key, resolved here once.
  const admin = resolveAdminToken(config.adminToken, config.dataDir);
  const secrets = resolveSecretsKey(config.secretsKey, config.dataDir);
  if (secrets.made) console.warn(`sealing key made: back it up apart from the database (${secrets.made})`);
  superviseWorkers(config.workers, { ADMIN_TOKEN: admin.token, SECRETS_KEY: secrets.key.toString('hex') }, (line) =>
    console.error(line),
  );
} else {
  await startInstance();
}

/** One server: this process, or one of the workers superviseWorkers forked. */
async function startInstance(): Promise<void> {
  // `npm start` in a terminal (scripts/start.mjs sets START_SUMMARY=1) ends with a plain block; elsewhere, one log line.
  const summaryAtStart = config.startSummary && isFirstInstance();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    replicaUrl: config.databaseReplicaUrl,
    poolMax: config.dbPoolMax,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  }).catch((err: unknown) => {
    // A data folder held by another server, or no database server: say so and stop, without a stack trace.
    if (!(err instanceof FolderInUseError || err instanceof DatabaseUnavailable)) throw err;
    console.error(`cannot start: ${err.message}`);
    process.exit(1);
  });
  // After the folder's lock: a second server must not replace the running one's token file.
  const admin = resolveAdminToken(config.adminToken, config.dataDir);
  const secrets = resolveSecretsKey(config.secretsKey, config.dataDir);
  const app = await buildApp({
    database,
    // Through process.stdout (synchronous on a terminal) rather than pino's own buffered writer, so
    // the log lines of the start come before the block that ends it.
    logger: summaryAtStart
      ? { ...(loggerOptions(config.logLevel) as object), stream: process.stdout }
      : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    captchaTestCode: config.captchaTestCode,
    rateLimits: config.rateLimits,
    proofOfWork: { freeAttempts: config.freeAttempts },
    redisUrl: config.redisUrl,
    webDist: config.webDist,
    adminDist: config.adminDist,
    runtimeConfig: config.runtimeConfig,
    adminToken: admin.token,
    demo: config.demo,
    production: config.production,
    sandboxPay: config.sandboxPay,
    sandboxPaySecret: config.sandboxPaySecret,
    sms: config.sms,
    demoProvider: config.demo,
    demoProviderWalletUrl: config.demoProviderWalletUrl,
    operatorWalletKey: config.operatorWalletKey,
    push: config.push,
    secretsKey: secrets.key,
    ...(config.testClockFile ? { now: testClock(config.testClockFile) } : {}),
  }).catch((err: unknown) => {
    // Secrets sealed under another key, or an applied migration edited: say so and stop, without a stack trace.
    if (!(err instanceof SecretsKeyMismatch || err instanceof MigrationChanged)) throw err;
    console.error(`cannot start: ${err.message}`);
    process.exit(1);
  });
  if (secrets.made) app.log.warn({ file: secrets.made }, 'sealing key made: back it up apart from the database');
  if (admin.file) app.log.info({ file: admin.file }, 'operator token written (npm run admin reads it)');
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  app.log.info({ database: database.kind, webDist: config.webDist, adminDist: config.adminDist }, 'starting');

  drainOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  if (summaryAtStart) {
    const defaultDataDir = fileURLToPath(new URL('../../../data', import.meta.url));
    const facts = { port, host: config.host, demo: config.demo, dataDir: config.dataDir, defaultDataDir };
    console.log(startSummary({ ...facts, lanAddress: lanAddress() }));
  } else {
    const url = appUrl({ host: config.host, port });
    app.log.info({ app: `${url}/`, console: `${url}/admin/` }, 'ready');
  }
}

/** The configuration; a bad one is listed, every bad variable, and the server stops without a stack trace. */
function configOrExit() {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof InvalidConfig)) throw err;
    console.error(`cannot start: ${err.message}`);
    process.exit(1);
  }
}
