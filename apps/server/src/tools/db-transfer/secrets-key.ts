import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSecretsKey, SECRETS_KEY_FILE } from '../../platform/secret-box.js';

/*
 * The sealed secrets in the rows (secret-box.ts) open only with the key they were sealed with,
 * which is not in the database nor in the export: the moved install needs the same key. The
 * export records the key's fingerprint so the import can tell a wrong or missing key before it
 * writes anything. The key itself is never printed.
 */

export interface FoundKey {
  key: Buffer;
  /** Where it came from, for messages: SECRETS_KEY or the key file's path. */
  from: string;
}

/** The key a server with this configuration seals with (SECRETS_KEY, else <dataDir>/secrets.key); never made. */
export function findSecretsKey(configured: Buffer | undefined, dataDir: string): FoundKey | null {
  if (configured) return { key: configured, from: 'SECRETS_KEY' };
  const file = join(dataDir, SECRETS_KEY_FILE);
  return existsSync(file) ? { key: parseSecretsKey(readFileSync(file, 'utf8').trim()), from: file } : null;
}

/** Names the key without giving it away (a SHA-256 of a 256-bit random key). */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('breakshot secrets key\0').update(key).digest('hex').slice(0, 16);
}
