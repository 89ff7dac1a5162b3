import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { storedKeyPair, type KeyPair } from '../../platform/signing.js';

/*
 * The server's VAPID key (RFC 8292): a P-256 pair made on first need and kept in server_keys, its
 * private half sealed with SECRETS_KEY like the other generated keys (platform/signing.ts). Every
 * instance reads the same one; browsers subscribed with its public half.
 */

const KEY_NAME = 'web-push-vapid';

export interface VapidKeys {
  /** base64url of the uncompressed point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the private scalar (32 bytes), as web-push takes it. */
  privateKey: string;
}

function newP256Pair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export async function vapidKeys(ctx: Pick<AppContext, 'db' | 'secrets'>): Promise<VapidKeys> {
  const pair = await storedKeyPair(ctx, KEY_NAME, newP256Pair);
  const pub = createPublicKey(pair.publicPem).export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.of(4), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return {
    publicKey: point.toString('base64url'),
    privateKey: createPrivateKey(pair.privatePem).export({ format: 'jwk' }).d!,
  };
}
