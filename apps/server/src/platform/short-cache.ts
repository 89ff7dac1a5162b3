import type { Conn, Db } from './db.js';

/**
 * Rows a hot call reads first (the site config, a game provider), kept in memory for `ms` per
 * database handle instead of read on every call: a save made on this instance clears them at once
 * (`saved`), one made on another instance shows here within `ms`. What `keep` refuses (e.g. an
 * unknown id) is read again each time.
 */
export function shortCache<K, V>(ms: number, read: (db: Db, key: K) => Promise<V>, keep: (value: V) => boolean) {
  /** Per database: the values read, each with until when it may be used, and a count of saves. */
  const perDb = new WeakMap<Conn, { values: Map<K, { value: V; until: number }>; saves: number }>();

  return {
    /** The value of `key`, from memory when read less than `ms` before `now` (ms since the epoch). */
    async get(db: Db, key: K, now: number): Promise<V> {
      let cache = perDb.get(db);
      if (!cache) {
        cache = { values: new Map(), saves: 0 };
        perDb.set(db, cache);
      }
      const hit = cache.values.get(key);
      // Kept until further ahead than `ms`: the clock went back since (NTP, a test's clock).
      if (hit && hit.until > now && hit.until <= now + ms) return hit.value;
      const saves = cache.saves;
      const value = await read(db, key);
      // A save that committed while this read ran may not have been seen: keep nothing then.
      if (keep(value) && cache.saves === saves) cache.values.set(key, { value, until: now + ms });
      return value;
    },

    /** A save through `db` committed (a transaction is never a key: call it with the database). */
    saved(db: Conn): void {
      const cache = perDb.get(db);
      if (!cache) return;
      cache.values.clear();
      cache.saves += 1;
    },
  };
}
