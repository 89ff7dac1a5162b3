/*
 * Checks provably fair draws in the browser with WebCrypto, as the server draws them
 * (apps/server/src/platform/fair.ts): a revealed seed's SHA-256 is the hash published before
 * play, and a draw's number is the first 4 bytes of HMAC-SHA256(seed, `${clientSeed}:${nonce}:0`)
 * read as a big-endian integer / 2^32.
 */

/** WebCrypto's digest and HMAC exist only in secure contexts (HTTPS, localhost). */
export const canVerify = (): boolean => globalThis.crypto?.subtle !== undefined;

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', utf8(text)));
}

/** The number in [0, 1) of one draw. */
export async function fairFloat(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await subtle.sign('HMAC', key, utf8(`${clientSeed}:${nonce}:0`));
  return new DataView(mac).getUint32(0) / 2 ** 32;
}

/** The index a number in [0, 1) picks among weights (x × their sum falls in its slice). */
export function weightedIndex(weights: readonly number[], x: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = x * total;
  for (let i = 0; i < weights.length; i += 1) {
    at -= weights[i]!;
    if (at < 0) return i;
  }
  return weights.length - 1;
}

/** A random client seed for the next draw (16 hex digits). */
export function newClientSeed(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}
