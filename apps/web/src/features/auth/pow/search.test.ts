import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { searchPow } from './search';
import { sha256Words } from './sha256';

const hex = (words: Uint32Array) => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');
const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('proof of work in the app', () => {
  it('hashes as SHA-256 does, at every length around the block edges', () => {
    const bytes = new Uint8Array(300);
    for (const length of [0, 1, 3, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 200]) {
      const text = randomBytes(length)
        .toString('latin1')
        .replace(/[^\x20-\x7e]/g, 'x');
      bytes.set(new TextEncoder().encode(text));
      expect(hex(sha256Words(bytes, length)), `length ${length}`).toBe(nodeSha256(text));
    }
    bytes.set(new TextEncoder().encode('abc'));
    expect(hex(sha256Words(bytes, 3))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('finds the number of a challenge made as the server makes them, reporting progress', () => {
    const challenge = `login.300000.${Date.now()}.${randomBytes(12).toString('base64url')}`;
    const secret = randomInt(150_000, 300_000);
    const shares: number[] = [];
    const found = searchPow({ challenge, hash: nodeSha256(`${challenge}${secret}`), max: 300_000 }, (s) =>
      shares.push(s),
    );
    expect(found).toBe(secret);
    expect(shares.length).toBeGreaterThan(1);
    expect(shares.every((s, i) => s > 0 && s < 1 && (i === 0 || s > shares[i - 1]!))).toBe(true);
  });

  it('gives up past max: a hash no number below it has', () => {
    const challenge = 'register.1000.1.abcdefghijklmnop';
    expect(searchPow({ challenge, hash: nodeSha256(`${challenge}1000`), max: 1000 })).toBeNull();
  });
});
