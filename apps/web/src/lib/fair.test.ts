import { describe, expect, it } from 'vitest';
import { fairFloat, newClientSeed, sha256Hex, weightedIndex } from './fair';

// What Node's crypto gives (apps/server/src/platform/fair.ts) for this seed and client seed 'match:7'.
const SEED = 'ab'.repeat(32);

describe('provably fair checks in the browser', () => {
  it('hash and draw numbers are the server’s', async () => {
    expect(await sha256Hex(SEED)).toBe('271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a');
    expect(await fairFloat(SEED, 'match:7', 0)).toBe(0.6620525664184242);
    expect(await fairFloat(SEED, 'match:7', 1)).toBe(0.24642032850533724);
  });

  it('a number picks the prize whose weight slice it falls in', () => {
    const weights = [0, 50, 30, 20];
    expect(weightedIndex(weights, 0)).toBe(1);
    expect(weightedIndex(weights, 0.4999)).toBe(1);
    expect(weightedIndex(weights, 0.5)).toBe(2);
    expect(weightedIndex(weights, 0.8)).toBe(3);
    expect(weightedIndex(weights, 0.99999)).toBe(3);
  });

  it('client seeds are fresh 16-digit hex strings', () => {
    const a = newClientSeed();
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(newClientSeed()).not.toBe(a);
  });
});
