import type { Conn } from './db.js';

/**
 * A query of a hot path built once per database handle (`build` ends in `.prepare(name)`) instead
 * of on every call: Drizzle does not rebuild its SQL, and PostgreSQL parses and plans the named
 * statement once per connection. Values go in through `sql.placeholder`.
 */
export function preparedQuery<Q>(build: (db: Conn) => Q): (db: Conn) => Q {
  const built = new WeakMap<Conn, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
