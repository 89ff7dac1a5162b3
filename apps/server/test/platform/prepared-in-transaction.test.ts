import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/platform/db.js';
import { preparedInTransaction } from '../../src/platform/prepared.js';
import { openedFreshDatabase } from '../helpers/test-db.js';

/** The transaction's own setting, read by a query built once for all transactions. */
const settingOf = preparedInTransaction((db) =>
  db
    .select({ value: sql<string>`current_setting('breakshot.test_value', true)` })
    .from(sql`(SELECT 1) AS one`)
    .where(sql`${sql.placeholder('read')}::boolean`)
    .prepare('test_setting_of'),
);

describe('preparedInTransaction', () => {
  const database = openedFreshDatabase();

  it("runs the query built once on each caller's own transaction", async () => {
    const readIn = (value: string) =>
      inTransaction(database().db, async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL breakshot.test_value = '${value}'`));
        const first = await settingOf(tx).execute({ read: true });
        const second = await settingOf(tx).execute({ read: true });
        return [...first, ...second].map((r) => r.value);
      });
    // Concurrent on PostgreSQL (two connections of the pool), one after the other on PGlite.
    const [a, b] = await Promise.all([readIn('a'), readIn('b')]);
    expect(a).toEqual(['a', 'a']);
    expect(b).toEqual(['b', 'b']);
    expect(await readIn('c')).toEqual(['c', 'c']);
  });
});
