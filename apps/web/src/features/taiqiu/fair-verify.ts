import type { taiqiu } from '@breakshot/contracts';
import { canVerify, fairFloat, sha256Hex } from '../../lib/fair';

/*
 * Checks a simulated match in the browser (lib/fair.ts), as the contract (taiqiu.fairness)
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

export { canVerify };

export async function verifyMatch(
  serverSeed: string,
  seedHash: string,
  fairness: taiqiu.Fairness,
): Promise<Verification> {
  const hashOk = (await sha256Hex(serverSeed)) === seedHash;
  const frames = await Promise.all(
    fairness.frames.map(async (published, n): Promise<FrameCheck> => {
      const x = await fairFloat(serverSeed, fairness.clientSeed, n);
      return { n, x, computed: x < fairness.frameWinA ? 'a' : 'b', published };
    }),
  );
  return { hashOk, frames };
}
