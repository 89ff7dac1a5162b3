import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taiqiu, type feed } from '@breakshot/contracts';
import { frameMarketKeys, KINDS, matchMarketKeys, readingOf } from '../../src/modules/taiqiu/book/kinds.js';
import { isShort, oddsOf } from '../../src/modules/taiqiu/book/odds.js';
import type { BookState, MarketKey, Outcome } from '../../src/modules/taiqiu/book/state.js';
import { matchStream } from '../helpers/feed.js';
import { finishedOutcome, replayStates } from '../helpers/book-replay.js';

/*
 * The book's model against the tests' own replay of random matches: from every state a match
 * passes through, each market's chances add up to 1; an outcome once certain never changes; and
 * at the end every pick is decided as the rules say, worked out directly from the events.
 */

const matchArb = fc.record({
  bestOf: fc.constantFrom(...taiqiu.BEST_OF),
  p: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  visits: fc.constantFrom<number[]>([4, 10], [8, 20], [12, 26]),
  maxBreak: fc.constantFrom(40, 90, 148),
});

const keysOf = (first: BookState): MarketKey[] => [
  ...matchMarketKeys(first),
  ...Array.from({ length: first.bestOf }, (_, i) => frameMarketKeys(i + 1)).flat(),
];

type RandomMatch = { bestOf: number; p: number; seed: number; visits: number[]; maxBreak: number };

function eventsOf(m: RandomMatch): feed.FeedEvent[] {
  return matchStream(`m${m.seed}`, new Date('2026-11-29T12:00:00Z'), m);
}

describe('the book model, against a replay of random matches', () => {
  it('chances add up to 1 from every state, for every market', () => {
    fc.assert(
      fc.property(matchArb, (m) => {
        const states = replayStates(eventsOf(m), m.p);
        const keys = keysOf(states[0]!);
        for (const s of states.filter((_, i) => i % 3 === 0)) {
          const r = readingOf(s);
          for (const key of keys) {
            const { win, void: push } = KINDS[key.type].chances(r, key);
            const values = [...Object.values(win).map((v) => v ?? 0), push];
            for (const v of values) expect(v).toBeGreaterThanOrEqual(-1e-12);
            expect(values.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
            expect(Object.keys(win).sort()).toEqual([...KINDS[key.type].picks(s.bestOf)].sort());
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('an outcome once certain stays, and the end decides every pick as the rules say', () => {
    fc.assert(
      fc.property(matchArb, (m) => {
        const states = replayStates(eventsOf(m), m.p);
        const keys = keysOf(states[0]!);
        const seen = new Map<string, Outcome>();
        for (const s of states) {
          const r = readingOf(s);
          for (const key of keys) {
            for (const [pick, outcome] of Object.entries(KINDS[key.type].certain(r, key))) {
              const id = `${key.type}:${key.frame}:${pick}`;
              expect(seen.get(id) ?? outcome, id).toBe(outcome);
              seen.set(id, outcome!);
            }
          }
        }
        const last = states.at(-1)!;
        for (const key of keys) {
          const decided = KINDS[key.type].certain(readingOf(last), key);
          for (const pick of KINDS[key.type].picks(last.bestOf)) {
            expect(decided[pick], `${key.type} ${key.frame ?? ''} ${pick}`).toBe(finishedOutcome(last, key, pick));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('odds carry the margin, and a market with a near-certain pick is not offered', () => {
    const s = replayStates(eventsOf({ bestOf: 9, p: 0.55, seed: 3, visits: [8, 20], maxBreak: 90 }), 0.55)[0]!;
    const r = readingOf(s);
    for (const key of matchMarketKeys(s)) {
      const chances = KINDS[key.type].chances(r, key);
      const odds = oddsOf(chances, 600);
      const implied = Object.values(odds).reduce<number>((sum, o) => sum + 1000 / o!, 0) * (1 - chances.void);
      expect(implied, key.type).toBeGreaterThan(1.04);
      for (const o of Object.values(odds)) expect(o! % 10).toBe(0);
    }
    expect(isShort({ win: { a: 0.97, b: 0.03 }, void: 0 })).toBe(true);
    expect(isShort({ win: { a: 0.9, b: 0.1 }, void: 0 })).toBe(false);
  });

  it('the frame in play moves with its points: a big lead late in the frame makes its leader the favourite', () => {
    const s = replayStates(eventsOf({ bestOf: 7, p: 0.5, seed: 9, visits: [8, 20], maxBreak: 90 }), 0.5)[0]!;
    const base: BookState = { ...s, status: 'live' };
    const key = { type: 'frame_winner' as const, line: null, frame: 1 };
    const chanceA = (points: { a: number; b: number }, potted: number) =>
      KINDS.frame_winner.chances(
        readingOf({ ...base, frame: { number: 1, points, atTable: null, break: 0, potted, highBreak: 0 } }),
        key,
      ).win.a!;
    expect(chanceA({ a: 0, b: 0 }, 0)).toBeCloseTo(0.5, 5);
    expect(chanceA({ a: 40, b: 0 }, 40)).toBeGreaterThan(0.75);
    expect(chanceA({ a: 70, b: 10 }, 80)).toBeGreaterThan(chanceA({ a: 40, b: 0 }, 40));
    expect(chanceA({ a: 0, b: 60 }, 120)).toBeLessThan(0.02);
  });
});
