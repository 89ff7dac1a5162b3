import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comboCount,
  comboReturn,
  combinationsOf,
  isSystem,
  MAX_LEGS,
  MIN_LEGS,
  potentialReturn,
  settleSlip,
  systemName,
  systemsFor,
  type LegResult,
  type ParlayLeg,
} from '@breakshot/contracts/parlay';

/*
 * The parlay model against worked slips, and against the tests' own reference: combinations
 * enumerated as bitmasks over the legs, returns worked out as exact fractions in BigInt, each
 * combination settled on its own. Random slips of 2 to 10 legs under random systems must settle
 * as the reference says, never pay more than their potential return, and a decided slip must stay
 * as it is whatever its still-open legs go on to do.
 */

const leg = (odds: number, result: LegResult): ParlayLeg => ({ oddsMilli: Math.round(odds * 1000), result });

// ---- The reference: bitmasks and fractions, written apart from the model -------------------

const popcount = (mask: number) => mask.toString(2).replace(/0/g, '').length;
const indexesOf = (mask: number, legs: number) =>
  Array.from({ length: legs }, (_, i) => i).filter((i) => mask & (1 << i));

/** Every combination of the system as a set of leg indexes, in no particular order. */
function referenceCombos(legs: number, sizes: readonly number[]): number[][] {
  const combos: number[][] = [];
  for (let mask = 1; mask < 2 ** legs; mask++) {
    if (sizes.includes(popcount(mask))) combos.push(indexesOf(mask, legs));
  }
  return combos;
}

type RefCombo = { state: 'open' } | { state: 'lost' } | { state: 'paid'; num: bigint; den: bigint; allVoid: boolean };

/** A combination settled on its own: the exact fraction unit × Π odds for a paid one. */
function referenceCombo(unit: number, legs: readonly ParlayLeg[]): RefCombo {
  if (legs.some((l) => l.result === 'lost')) return { state: 'lost' };
  if (legs.some((l) => l.result === null)) return { state: 'open' };
  let num = BigInt(unit);
  let den = 1n;
  for (const l of legs) {
    if (l.result === 'void') continue;
    num *= BigInt(l.oddsMilli);
    den *= 1000n;
  }
  return { state: 'paid', num, den, allVoid: legs.every((l) => l.result === 'void') };
}

function referenceSettlement(unit: number, legs: readonly ParlayLeg[], sizes: readonly number[]) {
  const u = BigInt(unit);
  let payout = 0n;
  let validBet = 0n;
  for (const combo of referenceCombos(legs.length, sizes)) {
    const c = referenceCombo(
      unit,
      combo.map((i) => legs[i]!),
    );
    if (c.state === 'open') return null;
    if (c.state === 'lost') {
      validBet += u;
      continue;
    }
    const paid = c.num / c.den; // floor: both positive
    payout += paid;
    if (c.allVoid) continue;
    // Below effective odds 1.5 the valid bet is min(unit, |paid − unit|), as for a single bet.
    const won = paid >= u ? paid - u : u - paid;
    validBet += 2n * paid < 3n * u ? (won < u ? won : u) : u;
  }
  const outcome = legs.every((l) => l.result === 'void') ? 'void' : payout > 0n ? 'won' : 'lost';
  return { outcome, payout: Number(payout), validBet: Number(validBet) };
}

// ---- Random slips -------------------------------------------------------------------------

// Slips mostly won give payouts and low-odds combinations; even ones give lost, void and open
// legs side by side (a slip of only void and lost legs, say).
const mostlyWon: fc.Arbitrary<LegResult> = fc.oneof(
  { arbitrary: fc.constant<LegResult>('won'), weight: 5 },
  { arbitrary: fc.constant<LegResult>('lost'), weight: 1 },
  { arbitrary: fc.constant<LegResult>('void'), weight: 1 },
  { arbitrary: fc.constant<LegResult>(null), weight: 1 },
);
const evenly = fc.constantFrom<LegResult>('won', 'lost', 'void', null);
// Short odds often enough that combinations below 1.5 come up, long ones up to 20.00.
const oddsArb = fc.oneof(fc.integer({ min: 1010, max: 1300 }), fc.integer({ min: 1010, max: 20_000 }));

// Units up to 400 keep the largest return (21^10 units) within safe integers; small and odd
// units put the rounding down to the test.
const slipArb = fc
  .tuple(fc.integer({ min: MIN_LEGS, max: MAX_LEGS }), fc.constantFrom(mostlyWon, evenly))
  .chain(([n, results]) =>
    fc.record({
      unit: fc.integer({ min: 1, max: 400 }),
      legs: fc.array(fc.record({ oddsMilli: oddsArb, result: results }), { minLength: n, maxLength: n }),
      sizes: fc.subarray(
        Array.from({ length: n - 1 }, (_, i) => i + 2),
        { minLength: 1 },
      ),
    }),
  );

/**
 * Slips decided while some legs are open: with fewer legs not lost than the smallest size, every
 * combination holds a lost leg. Some of the rest lost too, one at least left open.
 */
const decidedWithOpenLegs = slipArb.chain(({ unit, legs, sizes }) => {
  const n = legs.length;
  const indexes = Array.from({ length: n }, (_, i) => i);
  return fc.shuffledSubarray(indexes, { minLength: n - sizes[0]! + 2, maxLength: n }).map(([open, ...lost]) => ({
    unit,
    sizes,
    legs: legs.map((l, i) =>
      i === open ? { ...l, result: null } : lost.includes(i) ? { ...l, result: 'lost' as const } : l,
    ),
  }));
});

describe('parlay systems: names and combinations', () => {
  it('names 3串4 and lists its doubles before its treble', () => {
    expect(systemName(3, [2, 3])).toBe('3串4');
    expect(comboCount(3, [2, 3])).toBe(4);
    expect(combinationsOf(3, [2, 3])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(systemName(3, [2])).toBe('3串3');
    expect(systemName(3, [3])).toBe('3串1');
  });

  it('counts the books’ systems: 4串11, 4串5, 4串6, 4串4, 5串26, 5串16, 5串6, 5串10, 5串20, 6串57', () => {
    expect(comboCount(4, [2, 3, 4])).toBe(11);
    expect(combinationsOf(4, [2, 3, 4])).toHaveLength(11);
    const named: [number, number[], string][] = [
      [4, [3, 4], '4串5'],
      [4, [2], '4串6'],
      [4, [3], '4串4'],
      [5, [2, 3, 4, 5], '5串26'],
      [5, [3, 4, 5], '5串16'],
      [5, [4, 5], '5串6'],
      [5, [2], '5串10'],
      [5, [2, 3], '5串20'],
      [6, [2, 3, 4, 5, 6], '6串57'],
      [10, [2, 3, 4, 5, 6, 7, 8, 9, 10], '10串1013'],
    ];
    for (const [legs, sizes, name] of named) expect(systemName(legs, sizes)).toBe(name);
  });

  it('offers N串1 first, then the runs up to N, then the single sizes', () => {
    expect(systemsFor(2)).toEqual([{ sizes: [2], name: '2串1' }]);
    expect(systemsFor(3)).toEqual([
      { sizes: [3], name: '3串1' },
      { sizes: [2, 3], name: '3串4' },
      { sizes: [2], name: '3串3' },
    ]);
    expect(systemsFor(4).map((s) => s.name)).toEqual(['4串1', '4串5', '4串11', '4串6', '4串4']);
    // Two single sizes of one name (C(5, 2) = C(5, 3)): only the smaller is offered.
    expect(systemsFor(5).map((s) => s.name)).toEqual(['5串1', '5串6', '5串16', '5串26', '5串10', '5串5']);
    expect(systemsFor(5).find((s) => s.name === '5串10')!.sizes).toEqual([2]);
    for (let n = MIN_LEGS; n <= MAX_LEGS; n++) {
      const systems = systemsFor(n);
      // N串1, the N − 2 runs, and one single size a name.
      const singleNames = new Set(Array.from({ length: n - 2 }, (_, i) => systemName(n, [i + 2])));
      expect(systems).toHaveLength(n - 1 + singleNames.size);
      expect(new Set(systems.map((s) => s.name)).size).toBe(systems.length);
      for (const s of systems) expect(isSystem(n, s.sizes), `${n}: ${s.sizes.join(',')}`).toBe(true);
    }
  });

  it('knows a system when it sees one, and refuses what is not', () => {
    expect(isSystem(3, [2, 3])).toBe(true);
    expect(isSystem(10, [10])).toBe(true);
    for (const [legs, sizes] of [
      [3, []],
      [3, [3, 2]],
      [3, [2, 2]],
      [3, [1, 2]],
      [3, [4]],
      [3, [2.5]],
      [1, [1]],
      [11, [2]],
      [2.5, [2]],
    ] as [number, number[]][]) {
      expect(isSystem(legs, sizes), `${legs}: ${sizes.join(',')}`).toBe(false);
      expect(() => comboCount(legs, sizes)).toThrow();
    }
    expect(() => systemsFor(1)).toThrow();
    expect(() => systemsFor(11)).toThrow();
  });
});

describe('parlay returns and settlement: worked slips', () => {
  it('a 3串1 at 2.00 × 1.50 × 3.00 on 100 returns 900, and a void leg counts 1.00', () => {
    expect(comboReturn(100, [2000, 1500, 3000])).toBe(900);
    expect(potentialReturn(100, [2000, 1500, 3000], [3])).toBe(900);
    const won = settleSlip(100, [leg(2, 'won'), leg(1.5, 'won'), leg(3, 'won')], [3]);
    expect(won).toEqual({ outcome: 'won', payout: 900, validBet: 100 });
    const oneVoid = settleSlip(100, [leg(2, 'won'), leg(1.5, 'void'), leg(3, 'won')], [3]);
    expect(oneVoid).toEqual({ outcome: 'won', payout: 600, validBet: 100 });
    expect(comboReturn(100, [])).toBe(100);
  });

  it('rounds down once, on the exact product: not at each leg, not in floats', () => {
    // 7 × 1.333 × 1.333 = 12.44 (rounding each step: 9, then 11).
    expect(comboReturn(7, [1333, 1333])).toBe(12);
    // 3 × 1.999³ = 23.96 (each step: 5, 9, 17).
    expect(comboReturn(3, [1999, 1999, 1999])).toBe(23);
    // 100 × 1.015 × 2.00 = 203 exactly, which floats make 202.99….
    expect(comboReturn(100, [1015, 2000])).toBe(203);
  });

  it('a lost leg settles a 3串1 at once, another leg still open', () => {
    const slip = [leg(2, 'won'), leg(1.5, 'lost'), leg(3, null)];
    expect(settleSlip(100, slip, [3])).toEqual({ outcome: 'lost', payout: 0, validBet: 100 });
  });

  it('a 3串4 with one lost leg pays only the double of its two winners', () => {
    const slip = [leg(2, 'won'), leg(1.5, 'lost'), leg(3, 'won')];
    // Staked 400: the double 0+2 returns 600, the others are lost.
    expect(settleSlip(100, slip, [2, 3])).toEqual({ outcome: 'won', payout: 600, validBet: 400 });
  });

  it('a 3串4 with a lost leg and an open leg waits for the open one', () => {
    const slip = [leg(2, 'won'), leg(1.5, 'lost'), leg(3, null)];
    expect(settleSlip(100, slip, [2, 3])).toBeNull();
    expect(settleSlip(100, [leg(2, null), leg(1.5, null), leg(3, null)], [2, 3])).toBeNull();
  });

  it('every leg void: void, the whole stake back, no valid bet', () => {
    const slip = [leg(2, 'void'), leg(1.5, 'void'), leg(3, 'void'), leg(4, 'void')];
    expect(settleSlip(100, slip, [2, 3, 4])).toEqual({ outcome: 'void', payout: 1100, validBet: 0 });
    expect(settleSlip(100, slip, [4])).toEqual({ outcome: 'void', payout: 100, validBet: 0 });
    // Not every leg void: a combination of void legs alone pays its unit, and the slip is won.
    const voidAndLost = [leg(2, 'void'), leg(1.5, 'void'), leg(3, 'lost')];
    expect(settleSlip(100, voidAndLost, [2])).toEqual({ outcome: 'won', payout: 100, validBet: 200 });
    expect(settleSlip(100, voidAndLost, [3])).toEqual({ outcome: 'lost', payout: 0, validBet: 100 });
  });

  it('a combination below 1.5 counts what it won as its valid bet, as a single bet does', () => {
    // 1.20 × 1.10 = 1.32 on 100: returns 132, valid bet 32.
    expect(settleSlip(100, [leg(1.2, 'won'), leg(1.1, 'won')], [2])).toEqual({
      outcome: 'won',
      payout: 132,
      validBet: 32,
    });
    // A void leg leaves 1.20 alone: returns 120, valid bet 20; lost, the valid bet is the unit.
    expect(settleSlip(100, [leg(1.2, 'won'), leg(5, 'void')], [2])).toMatchObject({ payout: 120, validBet: 20 });
    expect(settleSlip(100, [leg(1.2, 'lost'), leg(1.1, 'won')], [2])).toEqual({
      outcome: 'lost',
      payout: 0,
      validBet: 100,
    });
    // Exactly 1.50 is not below it.
    expect(settleSlip(100, [leg(1.2, 'won'), leg(1.25, 'won')], [2])).toMatchObject({ payout: 150, validBet: 100 });
  });

  it('refuses what cannot be a slip', () => {
    const slip = [leg(2, 'won'), leg(1.5, 'won'), leg(3, 'won')];
    expect(() => settleSlip(100, slip, [4])).toThrow();
    expect(() => settleSlip(100, slip.slice(0, 1), [2])).toThrow();
    expect(() => settleSlip(0, slip, [3])).toThrow();
    expect(() => settleSlip(1.5, slip, [3])).toThrow();
    expect(() => settleSlip(100, [...slip.slice(0, 2), { oddsMilli: 999, result: 'won' }], [3])).toThrow();
    expect(() => potentialReturn(100, [2000, 1500], [3])).toThrow();
    expect(() => comboReturn(-1, [2000])).toThrow();
    expect(() => comboReturn(100, [2000, 900])).toThrow();
    // Past the safe integers it refuses rather than rounds.
    expect(() => comboReturn(Number.MAX_SAFE_INTEGER, [2000, 2000])).toThrow();
  });
});

describe('parlay model, against a reference over random slips', () => {
  it('counts and lists every combination of the system once, of the right sizes, in order', () => {
    fc.assert(
      fc.property(slipArb, ({ legs, sizes }) => {
        const n = legs.length;
        const reference = referenceCombos(n, sizes);
        const combos = combinationsOf(n, sizes);
        expect(comboCount(n, sizes)).toBe(reference.length);
        expect(combos).toHaveLength(reference.length);
        const keys = combos.map((c) => c.join(','));
        expect(new Set(keys).size).toBe(combos.length);
        expect([...keys].sort()).toEqual(reference.map((c) => c.join(',')).sort());
        const ascending = (c: number[]) => c.every((x, i) => i === 0 || x > c[i - 1]!);
        expect(combos.filter((c) => !sizes.includes(c.length) || !ascending(c))).toEqual([]);
        // Smaller sizes first, then lexicographic.
        const outOfOrder = combos.filter((b, i) => i > 0 && comboOrder(combos[i - 1]!, b) >= 0);
        expect(outOfOrder).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('settles as the reference does: undecided exactly when a combination is, else the same figures', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(slipArb, ({ unit, legs, sizes }) => {
        const expected = referenceSettlement(unit, legs, sizes);
        expect(settleSlip(unit, legs, sizes)).toEqual(expected);
        seen.add(expected?.outcome ?? 'open');
      }),
      { numRuns: 300 },
    );
    // The random slips reached every kind of end (all legs void is rare: the worked slips have it).
    expect([...seen]).toEqual(expect.arrayContaining(['lost', 'open', 'won']));
  });

  it('never pays more than the potential return, which is what every leg winning pays', () => {
    fc.assert(
      fc.property(slipArb, ({ unit, legs, sizes }) => {
        const odds = legs.map((l) => l.oddsMilli);
        const potential = potentialReturn(unit, odds, sizes);
        const settled = settleSlip(unit, legs, sizes);
        if (settled) expect(settled.payout).toBeLessThanOrEqual(potential);
        const allWon = settleSlip(
          unit,
          legs.map((l) => ({ ...l, result: 'won' as const })),
          sizes,
        );
        expect(allWon?.payout).toBe(potential);
        expect(potential).toBe(
          referenceSettlement(
            unit,
            odds.map((o) => ({ oddsMilli: o, result: 'won' })),
            sizes,
          )?.payout,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a decided slip stays as it is whatever its open legs then do', () => {
    fc.assert(
      fc.property(decidedWithOpenLegs, ({ unit, legs, sizes }) => {
        const settled = settleSlip(unit, legs, sizes);
        // Every combination holds a lost leg: decided, open legs or not.
        expect(settled).not.toBeNull();
        const decisions: LegResult[] = ['won', 'lost', 'void'];
        legs.forEach((l, at) => {
          if (l.result !== null) return;
          for (const result of decisions) {
            const later = legs.map((m, i) => (i === at ? { ...m, result } : m));
            expect(settleSlip(unit, later, sizes), `leg ${at} ${result}`).toEqual(settled);
          }
        });
        // Every open leg decided at once, each its own way.
        const allDecided = legs.map((l, i) => (l.result === null ? { ...l, result: decisions[i % 3]! } : l));
        expect(settleSlip(unit, allDecided, sizes)).toEqual(settled);
      }),
      { numRuns: 300 },
    );
  });
});

/** Shorter first, then lexicographic: < 0 when a comes before b. */
function comboOrder(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
