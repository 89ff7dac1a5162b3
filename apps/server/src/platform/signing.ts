import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Conn } from './db.js';
import { sealInPlace, type SecretBox } from './secret-box.js';
import { serverKeys } from './tables.js';

/*
 * RSA-SHA256 (PKCS#1 v1.5) signatures over raw bytes, base64: the seamless wallet's
 * X-Hub88-Signature (docs/design.md §8), both ways.
 */

export interface KeyPair {
  privatePem: string;
  publicPem: string;
}

export function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** base64 RSA-SHA256 signature of the bytes (a KeyObject: the PEM parsed once, for a key used often). */
export function signBody(privateKey: string | KeyObject, body: string | Buffer): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign('sha256', Buffer.from(body), key).toString('base64');
}

/** Whether signature (base64) is the key's RSA-SHA256 signature of exactly these bytes; never throws. */
export function verifyBody(
  publicKey: string | KeyObject,
  body: string | Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    return verify('sha256', Buffer.from(body), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Whether text is a PEM RSA public key Node can use (a private key, which Node would also take, is not). */
export function isPublicKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return false;
  } catch {
    // Not a private key: see whether it is a public one.
  }
  try {
    return createPublicKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** The public PEM of a private one (the environment supplies only the private key). */
export const publicOf = (privatePem: string): string =>
  createPublicKey(createPrivateKey(privatePem)).export({ type: 'spki', format: 'pem' }).toString();

/** Where a stored private key is sealed (secret-box.ts): its row. */
const keyContext = (name: string) => `server_keys.private_pem:${name}`;

/**
 * The named key pair, made (an RSA pair unless `make` says otherwise) and stored on first use, its
 * private half sealed. Two instances starting together may both make one: the first insert wins
 * and both read it back.
 */
export async function storedKeyPair(
  ctx: { db: Conn; secrets: SecretBox },
  name: string,
  make: () => KeyPair = newKeyPair,
): Promise<KeyPair> {
  const { db, secrets } = ctx;
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.name, name)))[0];
  let row = await read();
  if (!row) {
    const made = make();
    await db
      .insert(serverKeys)
      .values({ name, publicPem: made.publicPem, privatePem: secrets.seal(made.privatePem, keyContext(name)) })
      .onConflictDoNothing();
    row = (await read())!;
  }
  return { privatePem: secrets.open(row.privatePem, keyContext(name)), publicPem: row.publicPem };
}

/**
 * Run at start: seals private keys stored before sealing existed, and opens the sealed ones, so a
 * wrong key stops the start (SecretsKeyMismatch) rather than failing calls later.
 */
export async function sealStoredKeys(db: Conn, secrets: SecretBox): Promise<void> {
  await sealInPlace(secrets, await db.select().from(serverKeys), {
    value: (row) => row.privatePem,
    context: (row) => keyContext(row.name),
    store: (row, privatePem) =>
      db
        .update(serverKeys)
        .set({ privatePem })
        .where(and(eq(serverKeys.name, row.name), eq(serverKeys.privatePem, row.privatePem))),
  });
}
