import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/platform/db.js';
import { applyMigrations, withSetupLock } from '../../src/platform/migrate.js';
import { newKeyPair } from '../../src/platform/signing.js';
import { bundleAdminCli } from './admin-cli-bundle.js';
import { admin, TEST_SERVER_URL } from './test-db.js';

/*
 * What every test app of the run can share, made once: a migrated template database, so that
 * each test app starts from a copy instead of running every migration again (test-db.ts; on
 * PostgreSQL a database that CREATE DATABASE … TEMPLATE copies, on PGlite a dump of a migrated
 * cluster that PGlite loads), the wallet's signing key, and the operator CLI bundled into one file.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name. */
    pgTemplate: string | undefined;
    /** PGlite: the file holding a dump of a migrated cluster. */
    pgliteDump: string | undefined;
    /** The seamless wallet's signing key of test apps (test-app.ts): one per run, not one per app. */
    walletKey: string;
    /** The operator CLI bundled into one file (admin-cli-bundle.ts). */
    adminCli: string;
  }
}

const migrate = async (database: Database) => {
  try {
    await withSetupLock(database, (conn) => applyMigrations(database, conn));
  } finally {
    await database.close();
  }
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // An app without a configured key makes and stores one (RSA 2048, about 0.3 s) at start.
  project.provide('walletKey', newKeyPair().privatePem);
  const cli = await bundleAdminCli();
  project.provide('adminCli', cli.file);
  const removeTemplate = TEST_SERVER_URL
    ? await postgresTemplate(project, TEST_SERVER_URL)
    : await pgliteTemplate(project);
  return async () => {
    cli.remove();
    await removeTemplate();
  };
}

/** A migrated database on the PostgreSQL server that each test's CREATE DATABASE … TEMPLATE copies. */
async function postgresTemplate(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  const name = `bs_tpl_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(await openDatabase({ url: url.toString() }));
  project.provide('pgTemplate', name);
  project.provide('pgliteDump', undefined);
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A dump of a migrated PGlite cluster, which each test app loads. */
async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'breakshot-template-'));
  await migrate(await openDatabase({ dataDir: join(dir, 'data') }));
  const cluster = await PGlite.create(join(dir, 'data'));
  // Only CREATE DATABASE reads template0 and template1, and nothing does on PGlite: without them
  // the dump has 40 % fewer bytes and files to unpack at every test app's start.
  await cluster.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await cluster.exec('DROP DATABASE template0');
  await cluster.exec('DROP DATABASE template1');
  await cluster.exec('CHECKPOINT');
  const dump = join(dir, 'migrated.tar');
  writeFileSync(dump, Buffer.from(await (await cluster.dumpDataDir('none')).arrayBuffer()));
  await cluster.close();
  project.provide('pgTemplate', undefined);
  project.provide('pgliteDump', dump);
  return async () => rmSync(dir, { recursive: true, force: true });
}
