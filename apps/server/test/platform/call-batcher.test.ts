import { describe, expect, it } from 'vitest';
import { callBatcher } from '../../src/platform/call-batcher.js';

/*
 * platform/call-batcher.ts: a lone call runs at once and alone; calls beyond the batches in
 * flight wait and go together, at most `max` a batch; each caller gets its own answer.
 */

/** A batcher whose runs the test ends by hand, recording the batches it was given. */
function manualBatcher(options: { parallel: number; max: number }) {
  const batches: number[][] = [];
  const ends: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<PromiseSettledResult<string>[]>((resolve) => {
      ends.push(() =>
        resolve(
          items.map((n) =>
            n < 0
              ? { status: 'rejected', reason: new Error(`refused ${n}`) }
              : { status: 'fulfilled', value: `ok ${n}` },
          ),
        ),
      );
    });
  };
  return { call: callBatcher(run, options), batches, endNext: () => ends.shift()!() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('callBatcher', () => {
  it('runs a lone call at once, alone', async () => {
    const b = manualBatcher({ parallel: 1, max: 10 });
    const answer = b.call(1);
    expect(b.batches).toEqual([[1]]);
    b.endNext();
    await expect(answer).resolves.toBe('ok 1');
  });

  it('gathers the calls that arrive while batches run, at most max a batch, and answers each its own', async () => {
    const b = manualBatcher({ parallel: 2, max: 3 });
    const answers = [1, 2, 3, -4, 5, 6, 7].map((n) => b.call(n));
    // Two start alone (the room for two batches); the rest wait.
    expect(b.batches).toEqual([[1], [2]]);
    b.endNext();
    await tick();
    expect(b.batches).toEqual([[1], [2], [3, -4, 5]]);
    b.endNext();
    await tick();
    expect(b.batches).toEqual([[1], [2], [3, -4, 5], [6, 7]]);
    b.endNext();
    b.endNext();
    const settled = await Promise.allSettled(answers);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'ok 1',
      'ok 2',
      'ok 3',
      'refused -4',
      'ok 5',
      'ok 6',
      'ok 7',
    ]);
  });

  it('fails the calls of a run that throws, and goes on with the next', async () => {
    let runs = 0;
    const call = callBatcher(
      async (items: number[]) => {
        runs += 1;
        if (runs === 1) throw new Error('connection lost');
        return items.map((n) => ({ status: 'fulfilled' as const, value: n * 2 }));
      },
      { parallel: 1, max: 10 },
    );
    const [first, second] = await Promise.allSettled([call(1), call(2)]);
    expect(first).toMatchObject({ status: 'rejected', reason: new Error('connection lost') });
    expect(second).toEqual({ status: 'fulfilled', value: 4 });
  });
});
