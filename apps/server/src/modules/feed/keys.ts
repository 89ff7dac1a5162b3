import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../platform/secret-box.js';
import type { FeedProviderRow } from './tables.js';

/* A feed provider's key: kept sealed, shown once when set; every body it posts is signed with it. */

const keyContext = (providerId: string) => `feed_providers.secret:${providerId}`;

/** A new random key: 32 bytes, base64url (43 characters). */
export const newFeedKey = (): string => randomBytes(32).toString('base64url');

export const sealKey = (secrets: SecretBox, providerId: string, key: string) => ({
  secret: secrets.seal(key, keyContext(providerId)),
  keyHint: key.slice(-4),
});

export const keyOf = (secrets: SecretBox, p: Pick<FeedProviderRow, 'id' | 'secret'>): string =>
  secrets.open(p.secret, keyContext(p.id));

/** HMAC-SHA256 of the raw body under the key, hex: what X-Feed-Signature carries. */
export const signFeedBody = (key: string, body: string): string =>
  createHmac('sha256', key).update(body, 'utf8').digest('hex');

/** Whether `signature` is the body's under the key (compared in constant time). */
export function signedBy(key: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signFeedBody(key, body), 'hex'), Buffer.from(signature, 'hex'));
}
