import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playFrame, seededDraws, type FramePlay, type Side } from '../../src/modules/demo-feed/snooker.js';
import { floats } from '../../src/platform/fair.js';

/*
 * The demo feed's snooker frames: whatever the stream, the frame is legal (alternating visits,
 * breaks within what the table holds, fouls of 4 to 7, the score as the visits give it) and won
 * by the required winner; from a seed it is always the same frame; over many frames it looks
 * like snooker.
 */

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');
const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
const side = fc.constantFrom<Side>('a', 'b');
const strength = fc.double({ min: 0.3, max: 0.7, noNaN: true });

/** Score and highest breaks recomputed from the visits. */
function tally(play: FramePlay) {
  const score = { a: 0, b: 0 };
  const highestBreak = { a: 0, b: 0 };
  for (const { player, points, foul } of play.visits) {
    score[player] += points;
    score[other(player)] += foul;
    highestBreak[player] = Math.max(highestBreak[player], points);
  }
  return { score, highestBreak };
}

/** The re-spotted black decided the frame: level before the last visit, which potted it or fouled (7). */
function expectDecidedByBlack(play: FramePlay, winner: Side) {
  const last = play.visits.at(-1)!;
  const potted = last.player === winner && last.points === 7 && last.foul === 0;
  const fouled = last.player === other(winner) && last.points === 0 && last.foul === 7;
  expect(potted || fouled).toBe(true);
  expect(play.score[winner] - play.score[other(winner)]).toBe(7);
}

function expectLegal(play: FramePlay, winner: Side, breaker: Side) {
  const { visits } = play;
  // The table holds 147; a re-spotted black adds one more pot of 7.
  const table = 147 + (play.respottedBlack ? 7 : 0);
  let potted = 0;
  visits.forEach(({ player, points, foul }, i) => {
    expect(player).toBe(i % 2 === 0 ? breaker : other(breaker));
    expect(Number.isInteger(points) && points >= 0 && points <= 147).toBe(true);
    expect(points).toBeLessThanOrEqual(table - potted);
    expect([0, 4, 5, 6, 7]).toContain(foul);
    potted += points;
  });
  expect(visits.length).toBeGreaterThan(0);
  expect(tally(play)).toEqual({ score: play.score, highestBreak: play.highestBreak });
  expect(play.score[winner]).toBeGreaterThan(play.score[other(winner)]);
  if (play.respottedBlack) expectDecidedByBlack(play, winner);
}

describe('seededDraws', () => {
  it('is the fair stream: the numbers of floats, in order, past many HMAC rounds', () => {
    const draw = seededDraws('server', 'client', 7);
    const drawn = Array.from({ length: 300 }, draw);
    expect(drawn).toEqual(floats('server', 'client', 7, 300));
  });
});

describe('playFrame', () => {
  it('plays a legal frame won by the required winner, from any seed', () => {
    fc.assert(
      fc.property(hex, hex, fc.nat(), side, side, strength, (server, client, nonce, winner, breaker, strengthA) => {
        expectLegal(playFrame(seededDraws(server, client, nonce), winner, breaker, strengthA), winner, breaker);
      }),
      { numRuns: 300 },
    );
  });

  it('stays legal and terminates on any stream of numbers, even a degenerate one', () => {
    const numbers = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 });
    fc.assert(
      fc.property(numbers, side, side, strength, (cycle, winner, breaker, strengthA) => {
        let i = 0;
        const draw = () => cycle[i++ % cycle.length]!;
        expectLegal(playFrame(draw, winner, breaker, strengthA), winner, breaker);
      }),
      { numRuns: 300 },
    );
  });

  it('falls back to a short legal frame when the stream never lets anyone pot', () => {
    for (const [winner, breaker] of [
      ['a', 'a'],
      ['a', 'b'],
      ['b', 'a'],
      ['b', 'b'],
    ] as const) {
      const play = playFrame(() => 0.999, winner, breaker, 0.3);
      expectLegal(play, winner, breaker);
      expect(play.visits.length).toBeLessThanOrEqual(3);
    }
  });

  it('plays the same frame from the same seed', () => {
    fc.assert(
      fc.property(hex, fc.nat(), side, side, strength, (server, nonce, winner, breaker, strengthA) => {
        const play = () => playFrame(seededDraws(server, 'client', nonce), winner, breaker, strengthA);
        expect(play()).toEqual(play());
      }),
      { numRuns: 50 },
    );
  });

  it('re-spots the black when a frame ends level, and the black decides it', () => {
    let found: { play: FramePlay; winner: Side } | null = null;
    for (let nonce = 0; nonce < 5000 && !found; nonce += 1) {
      const winner: Side = nonce % 2 ? 'a' : 'b';
      const play = playFrame(seededDraws('respot', 'client', nonce), winner, 'a', 0.5);
      if (play.respottedBlack) found = { play, winner };
    }
    expect(found).not.toBeNull();
    expectLegal(found!.play, found!.winner, 'a');
    expectDecidedByBlack(found!.play, found!.winner);
  });

  it('looks like snooker over many frames: visits per frame, big breaks, rare centuries, fouls', () => {
    let visits = 0;
    let fouls = 0;
    let bigBreaks = 0;
    let centuries = 0;
    const foulValues = new Set<number>();
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const winner: Side = nonce % 3 ? 'a' : 'b';
      const play = playFrame(
        seededDraws('plausible', 'client', nonce),
        winner,
        nonce % 2 ? 'a' : 'b',
        0.3 + (nonce % 5) / 10,
      );
      visits += play.visits.length;
      fouls += play.visits.filter((v) => v.foul > 0).length;
      bigBreaks += play.visits.filter((v) => v.points >= 50).length;
      centuries += play.visits.filter((v) => v.points >= 100).length;
      for (const v of play.visits) if (v.foul > 0) foulValues.add(v.foul);
    }
    expect(visits / 300).toBeGreaterThanOrEqual(8);
    expect(visits / 300).toBeLessThanOrEqual(40);
    expect(bigBreaks).toBeGreaterThan(0);
    expect(centuries / visits).toBeLessThan(0.02);
    expect([...foulValues].sort()).toEqual([4, 5, 6, 7]);
    expect(fouls / visits).toBeGreaterThanOrEqual(0.02);
    expect(fouls / visits).toBeLessThanOrEqual(0.15);
  });
});
