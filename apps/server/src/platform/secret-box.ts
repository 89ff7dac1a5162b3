import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Secrets the server keeps in its database (signing keys, authenticator secrets, gateway keys) are
 * sealed with AES-256-GCM under a key that is not in the database: SECRETS_KEY, or a key file in
 * the data folder. A copy of the database files or a dump alone gives none of them away.
 */

const PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;
export const SECRETS_KEY_FILE = 'secrets.key';

export interface SecretBox {
  /** The sealed text to store; `context` (table, column, row) binds it to its place. */
  seal(plain: string, context: string): string;
  /** The secret of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secrets key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64');
    },
    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64. */
export function parseSecretsKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

/**
 * The sealing key: SECRETS_KEY when set; otherwise `<dataDir>/secrets.key` (mode 0600), made on
 * the first start. Losing it loses the sealed secrets (the server then makes new ones where it can).
 */
export function resolveSecretsKey(configured: Buffer | undefined, dataDir: string): { key: Buffer; file?: string } {
  if (configured) return { key: configured };
  const file = join(dataDir, SECRETS_KEY_FILE);
  if (existsSync(file)) return { key: parseSecretsKey(readFileSync(file, 'utf8').trim()), file };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another instance on the same folder made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { key: parseSecretsKey(readFileSync(file, 'utf8').trim()), file };
  }
  chmodSync(file, 0o600);
  return { key, file };
}
