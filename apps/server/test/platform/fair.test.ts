import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { float, floats, hashOf, matches, newCommitment, weightedIndex } from '../../src/platform/fair.js';

describe('provably fair draws', () => {
  it('commits to a fresh seed by its SHA-256 and checks a revealed seed against it', () => {
    const a = newCommitment();
    const b = newCommitment();
    expect(a.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.serverSeed).not.toBe(b.serverSeed);
    expect(a.seedHash).toBe(hashOf(a.serverSeed));
    expect(matches(a.serverSeed, a.seedHash)).toBe(true);
    expect(matches(b.serverSeed, a.seedHash)).toBe(false);
  });

  it('reads outcomes from HMAC-SHA256(seed, client seed:nonce:round), 4 bytes each', () => {
    const seed = 'ab'.repeat(32);
    const bytes = createHmac('sha256', seed).update('client:7:0').digest();
    expect(float(seed, 'client', 7)).toBe(bytes.readUInt32BE(0) / 2 ** 32);
    const ten = floats(seed, 'client', 7, 10);
    expect(ten.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => bytes.readUInt32BE(i * 4) / 2 ** 32));
    const next = createHmac('sha256', seed).update('client:7:1').digest();
    expect(ten[8]).toBe(next.readUInt32BE(0) / 2 ** 32);
    expect(floats(seed, 'client', 8, 1)[0]).not.toBe(ten[0]);
    expect(floats(seed, 'other', 7, 1)[0]).not.toBe(ten[0]);
  });

  it('draws weighted indexes in proportion', () => {
    expect(weightedIndex([1, 0, 3], 0)).toBe(0);
    expect(weightedIndex([1, 0, 3], 0.2499)).toBe(0);
    expect(weightedIndex([1, 0, 3], 0.25)).toBe(2);
    expect(weightedIndex([1, 0, 3], 0.9999)).toBe(2);
    const counts = [0, 0, 0];
    for (let i = 0; i < 4000; i += 1) counts[weightedIndex([1, 1, 2], (i + 0.5) / 4000)]! += 1;
    expect(counts).toEqual([1000, 1000, 2000]);
  });
});
