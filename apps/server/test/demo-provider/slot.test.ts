import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floats, hashOf, newCommitment } from '../../src/platform/fair.js';
import {
  ANY_FRUITS,
  drawSpin,
  PAYLINES,
  REELS,
  slotPayout,
  spinAt,
  STAKES,
  STATED_RTP,
  SYMBOLS,
  THREE_OF_A_KIND,
} from '../../src/modules/demo-provider/slot.js';

/** Every combination of reel stops, each as likely as any other. */
function* everyStop(): Generator<number[]> {
  const [a, b, c] = REELS.map((strip) => strip.length) as [number, number, number];
  for (let i = 0; i < a; i += 1) for (let j = 0; j < b; j += 1) for (let k = 0; k < c; k += 1) yield [i, j, k];
}

describe('the demo slot', () => {
  it('returns exactly the stated RTP over every combination of stops', () => {
    let lineBets = 0;
    let squares = 0;
    let combinations = 0;
    let hits = 0;
    for (const stops of everyStop()) {
      const spin = spinAt(stops);
      lineBets += spin.lineBets;
      squares += (spin.lineBets / PAYLINES.length) ** 2;
      combinations += 1;
      if (spin.lineBets > 0) hits += 1;
    }
    // Integers all the way: the return is (line bets won) / (5 line bets staked per spin).
    const rtp = lineBets / (combinations * PAYLINES.length);
    expect(combinations).toBe(25 ** 3);
    expect(Math.abs(rtp - STATED_RTP) * 100).toBeLessThan(0.01);
    expect(lineBets).toBe(STATED_RTP * combinations * PAYLINES.length);
    // A win on a bit more than half the spins; a spin's return has a standard deviation of about
    // one stake, which the statistical test below relies on.
    expect(hits / combinations).toBeGreaterThan(0.55);
    expect(hits / combinations).toBeLessThan(0.65);
    expect(Math.sqrt(squares / combinations - rtp ** 2)).toBeLessThan(1.001);
  });

  it('measures the stated RTP within 0.5 pp over a million spins of the real draw', () => {
    // A spin's return has a standard deviation of 1.0 stake (tested above), so the mean of 1e6
    // spins has σ ≈ 0.1 pp: 0.5 pp is 5σ, a false failure about once in two million runs.
    let staked = 0;
    let paid = 0;
    const stake = 500;
    for (let s = 0; s < 100; s += 1) {
      const { serverSeed } = newCommitment();
      const clientSeed = randomBytes(8).toString('hex');
      for (let nonce = 0; nonce < 10_000; nonce += 1) {
        staked += stake;
        paid += slotPayout(stake, drawSpin(serverSeed, clientSeed, nonce));
      }
    }
    expect(Math.abs(paid / staked - STATED_RTP) * 100).toBeLessThan(0.5);
  }, 120_000);

  it('pays each line by the table: three of a kind, or three fruits', () => {
    const strip = REELS[0]!;
    // Reel 1 starts with three grapes: stops where every reel shows a grape in the top row.
    const grapeAt = (reel: number) => REELS[reel]!.indexOf(SYMBOLS.indexOf('grape'));
    const spin = spinAt([0, grapeAt(1), grapeAt(2)]);
    expect(strip.slice(0, 3)).toEqual([3, 3, 3]);
    expect(spin.grid[0]).toEqual(['grape', 'grape', 'grape']);
    expect(spin.wins).toContainEqual({ line: 0, kind: 'grape', pays: THREE_OF_A_KIND.grape });
    expect(spin.lineBets).toBe(spin.wins.reduce((sum, w) => sum + w.pays, 0));
    expect(slotPayout(STAKES[1], spin)).toBe((200 / 5) * spin.lineBets);

    for (const stops of everyStop()) {
      const s = spinAt(stops);
      for (const win of s.wins) {
        const cells = PAYLINES[win.line]!.map((row, reel) => s.grid[row]![reel]!);
        if (win.kind === 'fruits') {
          expect(new Set(cells).size).toBeGreaterThan(1);
          expect(cells.every((c) => ['cherry', 'lemon', 'orange', 'grape'].includes(c))).toBe(true);
          expect(win.pays).toBe(ANY_FRUITS);
        } else {
          expect(cells).toEqual([win.kind, win.kind, win.kind]);
          expect(win.pays).toBe(THREE_OF_A_KIND[win.kind]);
        }
      }
    }
  });

  it('draws a round that anyone can recompute from the revealed seed', () => {
    const { serverSeed, seedHash } = newCommitment();
    const spin = drawSpin(serverSeed, 'my-lucky-seed', 42);
    // What the page's "how to verify" says: HMAC-SHA256(seed, "clientSeed:nonce:0"), 4 bytes per reel.
    const xs = floats(serverSeed, 'my-lucky-seed', 42, 3);
    expect(hashOf(serverSeed)).toBe(seedHash);
    expect(spin.stops).toEqual(xs.map((x) => Math.floor(x * 25)));
    expect(drawSpin(serverSeed, 'my-lucky-seed', 42)).toEqual(spin);
    expect(drawSpin(serverSeed, 'my-lucky-seed', 43).stops).not.toEqual(spin.stops);
  });
});
