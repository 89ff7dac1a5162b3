import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction, queryRows, type Tx } from '../../src/platform/db.js';
import { openedFreshDatabase, TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * Statements with values go to PostgreSQL as named prepared statements once this process has sent
 * their text three times (platform/named-statements.ts): parsed and planned once per connection,
 * not on every call. Read from the connection's own pg_prepared_statements, inside one
 * transaction so every statement runs on the same connection. PostgreSQL only: PGlite is not
 * reached through node-postgres.
 */
describe.skipIf(!TEST_SERVER_URL)('named statements', () => {
  const database = openedFreshDatabase();

  /** The texts this connection holds prepared, and under which names. */
  const prepared = (tx: Tx) =>
    queryRows<{ name: string; statement: string }>(tx, sql`SELECT name, statement FROM pg_prepared_statements`);

  it('a statement sent a third time is prepared under a name made from its text, and answers as before', async () => {
    const tag = randomUUID();
    await inTransaction(database().db, async (tx) => {
      for (let i = 0; i < 5; i += 1) {
        const [row] = await queryRows<{ n: number }>(tx, sql`SELECT ${i}::int + 1 AS n /* ${sql.raw(tag)} */`);
        expect(row?.n).toBe(i + 1);
      }
      const mine = (await prepared(tx)).filter((p) => p.statement.includes(tag));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^n_/);
    });
  });

  it('a statement sent twice, or one without values, stays unnamed', async () => {
    const twice = randomUUID();
    const plain = randomUUID();
    await inTransaction(database().db, async (tx) => {
      for (let i = 0; i < 2; i += 1) await queryRows(tx, sql`SELECT ${i}::int AS n /* ${sql.raw(twice)} */`);
      for (let i = 0; i < 5; i += 1) await queryRows(tx, sql.raw(`SELECT 1 AS n /* ${plain} */`));
      const texts = (await prepared(tx)).map((p) => p.statement).join('\n');
      expect(texts).not.toContain(twice);
      expect(texts).not.toContain(plain);
    });
  });

  it('a connection holds at most 400 of them; past that, statements still run, unnamed', async () => {
    await inTransaction(database().db, async (tx) => {
      const run = randomUUID();
      for (let n = 0; n < 420; n += 1) {
        for (let i = 0; i < 3; i += 1) await queryRows(tx, sql`SELECT ${i}::int AS n /* ${sql.raw(`${run} ${n}`)} */`);
      }
      const made = (await prepared(tx)).filter((p) => p.name.startsWith('n_'));
      expect(made.length).toBe(400);
      const [last] = await queryRows<{ n: number }>(tx, sql`SELECT ${7}::int AS n /* ${sql.raw(`${run} last`)} */`);
      expect(last?.n).toBe(7);
    });
  });
});
