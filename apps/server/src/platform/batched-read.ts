import type { Db } from './db.js';

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * A read of a hot call gathered across concurrent requests: the keys asked for during one turn of
 * the event loop go to the database together, in one statement (`load`, by key), and each caller
 * gets its own row. Not a cache: every read is sent after it was asked for, so a caller sees what
 * was committed before it asked (its own writes included); many requests in flight cost one round
 * trip instead of one each. Only on the pool (`Db`): a transaction's reads must stay in it.
 */
export function batchedRead<K, V>(
  load: (db: Db, keys: K[]) => Promise<Map<K, V>>,
): (db: Db, key: K) => Promise<V | undefined> {
  const pendingByDb = new WeakMap<Db, Map<K, Waiter<V>[]>>();

  const flush = (db: Db) => {
    const pending = pendingByDb.get(db);
    pendingByDb.delete(db);
    if (!pending) return;
    load(db, [...pending.keys()]).then(
      (found) => {
        for (const [key, waiters] of pending) for (const w of waiters) w.resolve(found.get(key));
      },
      (err: unknown) => {
        for (const waiters of pending.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  return (db, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let pending = pendingByDb.get(db);
      if (!pending) {
        pending = new Map();
        pendingByDb.set(db, pending);
        // After the requests that arrived with this one have reached their reads.
        setImmediate(flush, db);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
