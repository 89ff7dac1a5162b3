import { describe, expect, it } from 'vitest';
import { initialSlip, maxChipStake, slipReducer, type SlipAction, type SlipState } from './use-bet-slip';

const run = (s: SlipState, ...actions: SlipAction[]) => actions.reduce(slipReducer, s);

describe('the bet slip reducer', () => {
  it('keeps a typed stake to an amount’s characters and marks it touched', () => {
    const s = run(initialSlip(1.8), { type: 'type', text: 'a12.345' });
    expect(s).toMatchObject({ typed: '12.34', touched: true, phase: { kind: 'editing' } });
  });

  it('follows live odds, remembering the ones before; the same odds again change nothing', () => {
    const moved = run(initialSlip(1.8), { type: 'live', odds: 1.72 });
    expect(moved).toMatchObject({ odds: 1.72, previous: 1.8 });
    expect(slipReducer(moved, { type: 'live', odds: 1.72 })).toBe(moved);
  });

  it('odds changed by the server (409): the new odds on the slip, the old as previous, then placing again clears the notice', () => {
    const s = run(initialSlip(2.05), { type: 'place' }, { type: 'oddsChanged', from: 2.05, to: 2.1 });
    expect(s).toMatchObject({ odds: 2.1, previous: 2.05, phase: { kind: 'oddsChanged', from: 2.05, to: 2.1 } });
    // The page reloads the match: its odds now equal the slip's, which stay as they are.
    expect(run(s, { type: 'live', odds: 2.1 })).toMatchObject({ odds: 2.1, previous: 2.05 });
    expect(run(s, { type: 'place' }).phase).toEqual({ kind: 'placing' });
  });

  it('places once: a second place while placing, or after the bet was placed, changes nothing', () => {
    const placing = run(initialSlip(1.8), { type: 'place' });
    expect(slipReducer(placing, { type: 'place' })).toBe(placing);
    const placed = run(placing, { type: 'placed' });
    expect(placed.phase).toEqual({ kind: 'placed' });
    expect(slipReducer(placed, { type: 'place' })).toBe(placed);
  });

  it('a refusal shows its reason and lets the player edit and confirm again', () => {
    const failed = run(initialSlip(1.8), { type: 'place' }, { type: 'failed', text: '余额不足' });
    expect(failed.phase).toEqual({ kind: 'failed', text: '余额不足' });
    expect(run(failed, { type: 'type', text: '10' }, { type: 'place' }).phase).toEqual({ kind: 'placing' });
  });

  it('a confirm marks the stake touched and keeps 接受赔率变化 as ticked', () => {
    expect(run(initialSlip(1.8), { type: 'accept', on: true }, { type: 'submit' })).toMatchObject({
      accept: true,
      touched: true,
    });
  });
});

describe('the 最大 chip', () => {
  it('is the market maximum, within the balance when it is known', () => {
    expect(maxChipStake({ maxStake: 100_000 }, null)).toBe(100_000);
    expect(maxChipStake({ maxStake: 100_000 }, 50_000)).toBe(50_000);
    expect(maxChipStake({ maxStake: 100_000 }, 200_000)).toBe(100_000);
  });
});
