import type { Query, SQL } from 'drizzle-orm';
import { sessionClientOf, type Conn } from './db.js';

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

/**
 * preparedQuery for a statement run inside transactions, where every call comes with a new handle:
 * the query is built once per driver and each call runs that built query on the caller's
 * connection (the handle's session client), so a transaction's statement is neither rebuilt by
 * Drizzle nor, under its name, parsed again by PostgreSQL on a connection that ran it before.
 */
export function preparedInTransaction<Q extends object>(build: (db: Conn) => Q): (db: Conn) => Q {
  const builtPerDriver = new Map<object, Q>();
  return (db) => {
    const { session } = db as unknown as { session: object };
    const driver = Object.getPrototypeOf(session) as object;
    let built = builtPerDriver.get(driver);
    if (!built) {
      built = build(db);
      builtPerDriver.set(driver, built);
    }
    // Drizzle's prepared queries run on their `client`: the same query, on this call's connection.
    return Object.assign(Object.create(Object.getPrototypeOf(built) as object) as Q, built, {
      client: sessionClientOf(db),
    });
  };
}

/**
 * A raw statement of a hot path (its values as `sql.placeholder`) turned into SQL text once and
 * run, under `name`, on the caller's connection (see preparedInTransaction): `sql` templates cost
 * Drizzle a walk of every fragment and parameter on each call otherwise.
 */
export function preparedStatement<Row>(
  name: string,
  statement: SQL,
): (db: Conn, values: Record<string, unknown>) => Promise<Row[]> {
  const prepared = preparedInTransaction((db) => {
    const { session, dialect } = db as unknown as {
      session: { prepareQuery(query: Query, fields: undefined, name: string, arrayMode: false): RawPrepared };
      dialect: { sqlToQuery(sql: SQL): Query };
    };
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  });
  return async (db, values) => (await prepared(db).execute(values)).rows as Row[];
}

interface RawPrepared {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
}
