import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, type ServerConfig } from '../../platform/config.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { pgErrorCode } from '../../platform/errors.js';
import { FolderInUseError } from '../../platform/pglite-folder.js';
import { TransferRefused } from './file.js';
import { findSecretsKey, type FoundKey } from './secrets-key.js';

/* What db:export and db:import share as commands: their arguments, the database, their failures. */

const PG_UNDEFINED_TABLE = '42P01';

/**
 * The configuration, the file named on the command line (relative to where npm was run) and the
 * secrets key a server with this configuration uses.
 */
export function commandLine(tool: string): { config: ServerConfig; file: string; key: FoundKey | null } {
  const arg = process.argv[2];
  if (!arg || process.argv.length > 3) fail(tool, `usage: npm run ${tool} -- <file>`);
  try {
    const config = loadConfig(process.env);
    const key = findSecretsKey(config.secretsKey, config.dataDir);
    return { config, file: resolve(process.env.INIT_CWD || process.cwd(), arg), key };
  } catch (err) {
    return fail(tool, err instanceof Error ? err.message : String(err));
  }
}

/** DATABASE_URL, or the PGlite folder DATA_DIR (which must hold a database; refused while a server holds it). */
export async function openConfigured(tool: string, config: ServerConfig): Promise<Database> {
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION')))
    fail(tool, `no database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof FolderInUseError)
      fail(tool, `${err.message}: the folder must be the tool's alone while it reads (stop the server)`);
    throw err;
  }
}

/** Prints why the tool stopped (a refusal the operator can act on without a stack trace) and exits 1. */
export function fail(tool: string, reason: unknown): never {
  if (typeof reason === 'string' || reason instanceof TransferRefused)
    console.error(`${tool} refused: ${typeof reason === 'string' ? reason : reason.message}`);
  else if (pgErrorCode(reason) === PG_UNDEFINED_TABLE)
    console.error(`${tool} refused: the database has no Breakshot tables (start the server on it once first)`);
  else console.error(`${tool} failed:`, reason);
  process.exit(1);
}

/** A database URL without its password, for messages. */
export const databaseName = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
};
