import { describe, expect, it } from 'vitest';
import { batchedRead } from '../../src/platform/batched-read.js';
import type { Db } from '../../src/platform/db.js';

const db = {} as Db;

/** A read of squares that records the keys of each statement it would send. */
function squares() {
  const loads: number[][] = [];
  const read = batchedRead(async (_db, keys: number[]) => {
    loads.push(keys);
    return new Map(keys.filter((k) => k >= 0).map((k) => [k, k * k]));
  });
  return { read, loads };
}

describe('batched reads', () => {
  it('reads asked for together go in one load, each caller getting its own row', async () => {
    const { read, loads } = squares();
    expect(await Promise.all([read(db, 2), read(db, 3), read(db, 2), read(db, -1)])).toEqual([4, 9, 4, undefined]);
    expect(loads).toEqual([[2, 3, -1]]);
  });

  it('a read asked for after a load was sent goes in the next one', async () => {
    const { read, loads } = squares();
    expect(await read(db, 2)).toBe(4);
    expect(await read(db, 2)).toBe(4);
    expect(loads).toEqual([[2], [2]]);
  });

  it('a failed load fails every read in it, not the next ones', async () => {
    let fail = true;
    const read = batchedRead(async (_db, keys: number[]) => {
      if (fail) throw new Error('no database');
      return new Map(keys.map((k) => [k, k]));
    });
    const failed = await Promise.allSettled([read(db, 1), read(db, 2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(db, 1)).toBe(1);
  });

  it('each database handle has loads of its own', async () => {
    const { read, loads } = squares();
    const other = {} as Db;
    await Promise.all([read(db, 1), read(other, 2)]);
    expect(loads).toEqual([[1], [2]]);
  });
});
