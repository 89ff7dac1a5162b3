import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parlay } from '@breakshot/contracts';
import { fairReturn, valueOf, type LegNow } from '../../src/modules/taiqiu/cashout/value.js';

/*
 * A bet's fair return (cashout/value.ts) against a model that plays out every way its open legs may
 * end: Σ over the outcomes of P(outcome) × what the slip settles for then (contracts/parlay.ts).
 * The model rounds each combination down to whole units and the fair return does not, so they
 * agree within one unit a combination.
 */

const legArb: fc.Arbitrary<LegNow> = fc.oneof(
  fc.record({
    oddsMilli: fc.integer({ min: 1_010, max: 8_000 }),
    result: fc.constantFrom('won', 'lost', 'void') as fc.Arbitrary<'won' | 'lost' | 'void'>,
  }),
  fc
    .record({
      oddsMilli: fc.integer({ min: 1_010, max: 8_000 }),
      win: fc.double({ min: 0, max: 1, noNaN: true }),
      v: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ oddsMilli, win, v }) => ({ oddsMilli, result: null, win: win * (1 - v * 0.3), void: (1 - win) * v * 0.3 })),
);

/** Every way the open legs may end, with its chance. */
function outcomes(legs: LegNow[]): { legs: { oddsMilli: number; result: 'won' | 'lost' | 'void' }[]; p: number }[] {
  return legs.reduce<{ legs: { oddsMilli: number; result: 'won' | 'lost' | 'void' }[]; p: number }[]>(
    (ways, leg) =>
      ways.flatMap((w) => {
        if (leg.result !== null)
          return [{ legs: [...w.legs, { oddsMilli: leg.oddsMilli, result: leg.result }], p: w.p }];
        const lost = 1 - leg.win - leg.void;
        return (
          [
            ['won', leg.win],
            ['void', leg.void],
            ['lost', lost],
          ] as const
        ).map(([result, p]) => ({ legs: [...w.legs, { oddsMilli: leg.oddsMilli, result }], p: w.p * p }));
      }),
    [{ legs: [], p: 1 }],
  );
}

describe('cash-out value', () => {
  it('a parlay: the expected settlement over every way its legs may end', () => {
    fc.assert(
      fc.property(
        fc.array(legArb, { minLength: 2, maxLength: 5 }).chain((legs) =>
          fc.record({
            legs: fc.constant(legs),
            system: fc.constantFrom(...parlay.systemsFor(legs.length)),
            unit: fc.integer({ min: 100, max: 100_000 }),
          }),
        ),
        ({ legs, system, unit }) => {
          const model = outcomes(legs).reduce(
            (sum, w) => sum + w.p * parlay.settleSlip(unit, w.legs, system.sizes)!.payout,
            0,
          );
          const combos = parlay.comboCount(legs.length, system.sizes);
          const fair = fairReturn({ kind: 'parlay', unit, sizes: system.sizes }, legs);
          expect(Math.abs(fair - model)).toBeLessThanOrEqual(combos + 1e-6 * fair);
        },
      ),
    );
  });

  it('a single: stake × (P(win) × odds + P(void)); the value its running share less the margin, rounded down', () => {
    fc.assert(
      fc.property(
        legArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (leg, stake, marginBp) => {
          const fair = fairReturn({ kind: 'single', stake }, [leg]);
          const odds = leg.oddsMilli / 1000;
          const expected =
            leg.result === null
              ? stake * (leg.win * odds + leg.void)
              : stake * { won: odds, void: 1, lost: 0 }[leg.result];
          expect(fair).toBeCloseTo(expected, 6);
          const half = Math.ceil(stake / 2);
          const value = valueOf(fair, stake, half, marginBp);
          const share = ((fair * half) / stake) * (1 - marginBp / 10_000);
          expect(value).toBeLessThanOrEqual(share + 1e-9);
          expect(value).toBeGreaterThan(share - 1);
        },
      ),
    );
  });
});
