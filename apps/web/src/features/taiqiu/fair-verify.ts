import type { taiqiu } from '@breakshot/contracts';

/*
 * Checks a simulated match in the browser with WebCrypto, as the contract (taiqiu.fairness)
 * describes it: the revealed seed's SHA-256 is the hash published before the match, and draw n is
 * won by player a iff the first 4 bytes of HMAC-SHA256(seed, `${clientSeed}:${n}:0`), read as a
 * big-endian integer / 2^32, are below frameWinA.
 */

export interface FrameCheck {
  /** The draw's nonce (0 for the first frame). */
  n: number;
  /** The number in [0, 1) the seed gives. */
  x: number;
  computed: 'a' | 'b';
  published: 'a' | 'b';
}

export interface Verification {
  hashOk: boolean;
  frames: FrameCheck[];
}

/** WebCrypto's digest and HMAC exist only in secure contexts (HTTPS, localhost). */
export const canVerify = (): boolean => globalThis.crypto?.subtle !== undefined;

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function verifyMatch(
  serverSeed: string,
  seedHash: string,
  fairness: taiqiu.Fairness,
): Promise<Verification> {
  const { subtle } = globalThis.crypto;
  const hashOk = hex(await subtle.digest('SHA-256', utf8(serverSeed))) === seedHash;
  const key = await subtle.importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const frames = await Promise.all(
    fairness.frames.map(async (published, n): Promise<FrameCheck> => {
      const mac = await subtle.sign('HMAC', key, utf8(`${fairness.clientSeed}:${n}:0`));
      const x = new DataView(mac).getUint32(0) / 2 ** 32;
      return { n, x, computed: x < fairness.frameWinA ? 'a' : 'b', published };
    }),
  );
  return { hashOk, frames };
}
