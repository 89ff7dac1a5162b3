import { describe, expect, it } from 'vitest';
import {
  initialSlip,
  MAX_DELAY_MS,
  maxChipStake,
  pendingDeadline,
  slipReducer,
  type SlipAction,
  type SlipState,
} from './use-bet-slip';

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

describe('an in-play bet: pending, then accepted or rejected', () => {
  const bet = { betNo: 'B9', stake: 2_000, odds: 2.05, potentialReturn: 4_100, status: 'pending' as const };
  const pending = run(initialSlip(2.05), { type: 'place' }, { type: 'pending', bet, since: 1_000, deadline: 4_000 });

  it('waits for its own bet: news of another bet changes nothing, and it cannot be placed again', () => {
    expect(pending.phase).toEqual({ kind: 'pending', bet, since: 1_000, deadline: 4_000, checking: false });
    const other: SlipAction = { type: 'decided', betNo: 'B8', status: 'open', odds: 2.05, reason: null };
    expect(slipReducer(pending, other)).toBe(pending);
    expect(slipReducer(pending, { type: 'place' })).toBe(pending);
    expect(run(pending, { type: 'checking' }).phase).toMatchObject({ kind: 'pending', checking: true });
  });

  it('accepted at the odds the server says; a decision is final', () => {
    const accepted = run(pending, { type: 'decided', betNo: 'B9', status: 'open', odds: 2.1, reason: null });
    expect(accepted.phase).toEqual({ kind: 'accepted', bet, odds: 2.1 });
    const late: SlipAction = { type: 'decided', betNo: 'B9', status: 'rejected', odds: 2.05, reason: 'oddsChanged' };
    expect(slipReducer(accepted, late)).toBe(accepted);
    expect(slipReducer(accepted, { type: 'again' })).toBe(accepted);
  });

  it('rejected with its reason; 重新投注 goes back to the stake, which stays', () => {
    const typed = run(
      initialSlip(2.05),
      { type: 'type', text: '20' },
      { type: 'place' },
      { type: 'pending', bet, since: 0, deadline: 3_000 },
    );
    const rejected = run(typed, {
      type: 'decided',
      betNo: 'B9',
      status: 'rejected',
      odds: 2.05,
      reason: 'marketSuspended',
    });
    expect(rejected.phase).toEqual({ kind: 'rejected', bet, reason: 'marketSuspended' });
    const again = run(rejected, { type: 'live', odds: 1.9 }, { type: 'again' });
    expect(again).toMatchObject({ typed: '20', odds: 1.9, phase: { kind: 'editing' } });
    expect(run(again, { type: 'place' }).phase).toEqual({ kind: 'placing' });
  });

  it('counts down to acceptAt on this phone, within 30 s; without one, the default 3 s', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(pendingDeadline('2026-01-01T10:00:03Z', now)).toBe(now + 3_000);
    expect(pendingDeadline('2026-01-01T09:59:00Z', now)).toBe(now);
    expect(pendingDeadline('2026-01-01T11:00:00Z', now)).toBe(now + MAX_DELAY_MS);
    expect(pendingDeadline(undefined, now)).toBe(now + 3_000);
    expect(pendingDeadline('not a time', now)).toBe(now + 3_000);
  });
});

describe('the 最大 chip', () => {
  it('is the market maximum, within the balance when it is known', () => {
    expect(maxChipStake({ maxStake: 100_000 }, null)).toBe(100_000);
    expect(maxChipStake({ maxStake: 100_000 }, 50_000)).toBe(50_000);
    expect(maxChipStake({ maxStake: 100_000 }, 200_000)).toBe(100_000);
  });
});
