import { describe, expect, it } from 'vitest';
import { verifyMatch } from './fair-verify';

// A seed and what Node's crypto gives for it (SHA-256 of its text; HMAC-SHA256 of 'match:7:n:0' / 2^32).
const SEED = 'ab'.repeat(32);
const HASH = '271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a';
const XS = [0.6620525664184242, 0.24642032850533724, 0.5879661305807531, 0.21714484319090843, 0.769210138823837];

describe('verifying a match with WebCrypto', () => {
  it('finds the published hash and recomputes every frame the way the server draws it', async () => {
    const fairness = { clientSeed: 'match:7', frameWinA: 0.6, frames: ['b', 'a', 'a', 'a', 'b'] as ('a' | 'b')[] };
    const result = await verifyMatch(SEED, HASH, fairness);
    expect(result.hashOk).toBe(true);
    expect(result.frames.map((f) => f.x)).toEqual(XS);
    expect(result.frames.map((f) => f.computed)).toEqual(fairness.frames);
  });

  it('flags a seed that is not the one committed to and a frame published against its draw', async () => {
    const fairness = { clientSeed: 'match:7', frameWinA: 0.5, frames: ['b', 'a', 'b', 'b'] as ('a' | 'b')[] };
    const result = await verifyMatch(SEED, HASH.replace('2', '3'), fairness);
    expect(result.hashOk).toBe(false);
    expect(result.frames.map((f) => f.computed === f.published)).toEqual([true, true, true, false]);
  });
});
