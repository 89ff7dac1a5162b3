import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db.js';
import { shortCache } from '../../src/platform/short-cache.js';

/* The short cache of the config call and the providers' rows (platform/short-cache.ts). */
describe('shortCache', () => {
  const db = {} as Db;
  const other = {} as Db;

  function counted(values: Record<string, string | undefined>) {
    const reads: string[] = [];
    const cache = shortCache(
      5_000,
      async (_db, key: string) => {
        reads.push(key);
        return values[key];
      },
      (value) => value !== undefined,
    );
    return { cache, reads };
  }

  it('reads once per 5 s per database and key; never keeps what keep refuses', async () => {
    const { cache, reads } = counted({ a: 'A' });
    expect(await cache.get(db, 'a', 0)).toBe('A');
    expect(await cache.get(db, 'a', 4_999)).toBe('A');
    expect(await cache.get(other, 'a', 1)).toBe('A');
    expect(await cache.get(db, 'a', 5_000)).toBe('A');
    expect(await cache.get(db, 'x', 1)).toBeUndefined();
    expect(await cache.get(db, 'x', 2)).toBeUndefined();
    expect(reads).toEqual(['a', 'a', 'a', 'x', 'x']);
  });

  it('a save clears it; a read that ran across a save is not kept; a clock that went back reads again', async () => {
    const values: Record<string, string> = { a: 'old' };
    const { cache, reads } = counted(values);
    await cache.get(db, 'a', 0);
    values.a = 'new';
    cache.saved(db);
    expect(await cache.get(db, 'a', 1)).toBe('new');

    // A read in flight while a save commits may have read the row before it.
    const inFlight = cache.get(db, 'a', 10_000);
    cache.saved(db);
    await inFlight;
    await cache.get(db, 'a', 10_001);

    // Read at 20 s, then the clock goes back a day: the entry is not kept a day.
    await cache.get(db, 'a', 20_000);
    await cache.get(db, 'a', 20_000 - 86_400_000);
    expect(reads).toHaveLength(6);
  });
});
