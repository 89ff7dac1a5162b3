import { createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * Provably fair draws (docs/design.md §8): a server seed is committed by its SHA-256 before play and
 * revealed after; every outcome is HMAC-SHA256(server seed, `${clientSeed}:${nonce}:${round}`),
 * read as numbers in [0, 1). Anyone holding the revealed seed recomputes every outcome; before
 * the reveal nothing the site shows predicts one. Used by the demo billiards feed, the demo
 * slot and the daily wheel.
 */

export interface Commitment {
  /** 32 random bytes, hex: secret until revealed. */
  serverSeed: string;
  /** SHA-256 of the seed's hex text, hex: shown before play. */
  seedHash: string;
}

export function newCommitment(): Commitment {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, seedHash: hashOf(serverSeed) };
}

export const hashOf = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

/** Whether seed is the one hash committed to. */
export const matches = (serverSeed: string, seedHash: string): boolean => hashOf(serverSeed) === seedHash;

/**
 * The `count` numbers in [0, 1) of one draw: each takes 4 bytes (a 32-bit integer / 2^32) of
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`), round 0, 1, … giving 8 each.
 */
export function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i + 4 <= bytes.length && out.length < count; i += 4) out.push(bytes.readUInt32BE(i) / 2 ** 32);
  }
  return out;
}

/** One number in [0, 1) of a draw. */
export const float = (serverSeed: string, clientSeed: string, nonce: number): number =>
  floats(serverSeed, clientSeed, nonce, 1)[0]!;

/** An index drawn with the given weights (all ≥ 0, some > 0) from one number in [0, 1). */
export function weightedIndex(weights: readonly number[], x: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = x * total;
  for (let i = 0; i < weights.length; i += 1) {
    at -= weights[i]!;
    if (at < 0) return i;
  }
  return weights.length - 1;
}
