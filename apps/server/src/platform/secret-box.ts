import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Secrets the server keeps in its database (signing keys, authenticator secrets, gateway keys) are
 * sealed with AES-256-GCM under a key that is not in the database: SECRETS_KEY, or a key file in
 * the data folder. A copy of the database files or a dump alone gives none of them away.
 */

/** What every sealed value starts with. */
export const PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;
export const SECRETS_KEY_FILE = 'secrets.key';

/** A sealed secret this key does not open: another key sealed it, or it was altered. */
export class SecretsKeyMismatch extends Error {
  constructor(context: string) {
    super(
      `the secrets key does not open ${context}: start with the SECRETS_KEY (or secrets.key file) this database's secrets were sealed with`,
    );
  }
}

export interface SecretBox {
  /** The sealed text to store; `context` (table, column, row) binds it to its place. */
  seal(plain: string, context: string): string;
  /** The secret of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
  /**
   * A key of its own for one purpose (signing a cookie, say), derived from the sealing key (HKDF),
   * so what is signed with it gives away neither the sealing key nor another purpose's key; the
   * same on every instance.
   */
  subkey(purpose: string): Buffer;
  /**
   * HMAC-SHA256 (hex) of `text` under the subkey of `context`: what the server signs and later
   * checks itself (proof-of-work challenges).
   */
  mac(text: string, context: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secrets key must be ${KEY_BYTES} bytes`);
  const subkeys = new Map<string, Buffer>();
  const subkey = (purpose: string): Buffer => {
    let derived = subkeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, '', purpose, KEY_BYTES));
      subkeys.set(purpose, derived);
    }
    return derived;
  };
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
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretsKeyMismatch(context);
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
    subkey,
    mac: (text, context) =>
      createHmac('sha256', subkey(`mac:${context}`))
        .update(text)
        .digest('hex'),
  };
}

/** How a start reaches one column of sealed values (sealInPlace). */
export interface StoredValues<R> {
  value: (row: R) => string;
  /** The context the value is sealed under (its table, column and row). */
  context: (row: R) => string;
  /** Writes the sealed value, only where the row still holds the clear one (it may have changed). */
  store: (row: R, sealed: string) => Promise<unknown>;
}

/**
 * Run at start over stored values of one column: a value still in the clear (stored before it was
 * sealed) is sealed in place; a sealed one is opened, so a start with another key stops there
 * (SecretsKeyMismatch) rather than at the value's first use.
 */
export async function sealInPlace<R>(secrets: SecretBox, rows: R[], values: StoredValues<R>): Promise<void> {
  for (const row of rows) {
    const value = values.value(row);
    const context = values.context(row);
    if (secrets.isSealed(value)) secrets.open(value, context);
    else await values.store(row, secrets.seal(value, context));
  }
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64. */
export function parseSecretsKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

/**
 * The sealing key: SECRETS_KEY when set; otherwise `<dataDir>/secrets.key` (mode 0600), made on
 * the first start (`made` names it then, to be backed up). Without the key the sealed secrets
 * cannot be read: the server refuses to start (SecretsKeyMismatch).
 */
export function resolveSecretsKey(configured: Buffer | undefined, dataDir: string): { key: Buffer; made?: string } {
  if (configured) return { key: configured };
  const file = join(dataDir, SECRETS_KEY_FILE);
  if (existsSync(file)) return { key: parseSecretsKey(readFileSync(file, 'utf8').trim()) };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  // Written whole to a file of our own, then linked into place: a second instance starting at the
  // same moment either links first or reads a complete file, never a half-written one.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${key.toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { key: parseSecretsKey(readFileSync(file, 'utf8').trim()) };
  } finally {
    unlinkSync(draft);
  }
  return { key, made: file };
}
