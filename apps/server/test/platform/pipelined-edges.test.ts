import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deferHouseMove } from '../../src/modules/wallet/house-moves.js';
import {
  afterCommit,
  beforeCommit,
  inTransaction,
  lockKey,
  queryRows,
  together,
  type Tx,
} from '../../src/platform/db.js';
import { holdUntilCommit } from '../../src/platform/pipelined-edges.js';
import { preparedStatement } from '../../src/platform/prepared.js';
import { openedFreshDatabase, TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * The last statements before COMMIT are written with it, and BEGIN with the statement after it
 * (platform/pipelined-edges.ts): what a transaction did must still commit all or nothing. On
 * PostgreSQL the statements go pipelined; on PGlite one after the other, with the same outcome.
 */
describe('a transaction whose last statements go with its COMMIT', () => {
  const database = openedFreshDatabase();
  const db = () => database().db;

  /** A scratch table of this test's own, and a row written in a transaction. */
  const table = `edges_${randomUUID().replaceAll('-', '')}`;
  const write = (tx: Tx, tag: string) => tx.execute(sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES (${tag})`);
  /** The same as one statement sent before its first await, as a work sent with COMMIT must be. */
  const insert = preparedStatement(
    `edges_insert_${table}`,
    sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES (${sql.placeholder('tag')})`,
  );
  const notANumber = preparedStatement(
    `edges_fail_${table}`,
    sql`SELECT (${sql.placeholder('tag')} || ' is not a number')::int`,
  );
  const written = async (tag: string) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE tag = ${tag}`,
      )
    )[0]!.n;

  it('commits what the transaction wrote and the last statements, then starts what waited for the commit', async () => {
    await db().execute(sql`CREATE TABLE ${sql.identifier(table)} (tag text NOT NULL)`);
    const tag = randomUUID();
    const started: string[] = [];
    const answer = await inTransaction(db(), async (tx) => {
      await write(tx, tag);
      beforeCommit(tx, async () => void (await insert(tx, { tag: `${tag}-last` })), { oneStatement: true });
      beforeCommit(tx, async () => void (await insert(tx, { tag: `${tag}-after-it` })), { oneStatement: true });
      afterCommit(tx, () => started.push('after'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect([await written(tag), await written(`${tag}-last`), await written(`${tag}-after-it`)]).toEqual([1, 1, 1]);
    expect(started).toEqual(['after']);
  });

  it('rolls everything back when such a statement fails, throws its error, and starts nothing', async () => {
    const tag = randomUUID();
    const started: string[] = [];
    const run = inTransaction(db(), async (tx) => {
      await write(tx, tag);
      beforeCommit(tx, async () => void (await notANumber(tx, { tag })), { oneStatement: true });
      afterCommit(tx, () => started.push('after'));
    });
    await expect(run).rejects.toThrow();
    expect(await written(tag)).toBe(0);
    expect(started).toEqual([]);
  });

  it('a house account not found fails the house move itself, and nothing of the transaction stays', async () => {
    const tag = randomUUID();
    const missing = 2_000_000_000;
    const run = inTransaction(db(), async (tx) => {
      await write(tx, tag);
      deferHouseMove(tx, missing, { creditsPosted: 100 }, null);
    });
    const failure = await run.then(
      () => 'committed',
      (err: Error) => `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`,
    );
    expect(failure).toMatch(/house accounts not found: 0 of 1/);
    expect(await written(tag)).toBe(0);
  });

  it('a work said to send one statement that waits first is refused, and nothing stays', async () => {
    const tag = randomUUID();
    const run = inTransaction(db(), async (tx) => {
      await write(tx, tag);
      beforeCommit(
        tx,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await write(tx, `${tag}-late`);
        },
        { oneStatement: true },
      );
    });
    if (TEST_SERVER_URL) {
      await expect(run).rejects.toThrow(/sent none before its first await/);
      expect(await written(tag)).toBe(0);
    } else {
      // PGlite's statements are not held: the work is awaited before COMMIT, as any other.
      await run;
      expect([await written(tag), await written(`${tag}-late`)]).toEqual([1, 1]);
    }
  });
});

describe.skipIf(!TEST_SERVER_URL)('a held statement whose answer is awaited before COMMIT', () => {
  const database = openedFreshDatabase();

  it('is written on the next turn of the event loop, not held for ever', async () => {
    const n = await inTransaction(database().db, async (tx) => {
      holdUntilCommit((tx as unknown as { session: { client: unknown } }).session.client);
      const [row] = await queryRows<{ n: number }>(tx, sql`SELECT 41 + 1 AS n`);
      return row!.n;
    });
    expect(n).toBe(42);
  });
});

/*
 * together() (platform/db.ts): a lock and the reads it guards go in one write on PostgreSQL, and
 * run in the order given on both drivers.
 */
describe('works sent together', () => {
  const database = openedFreshDatabase();
  const LOCK_SPACE = 7_204_999;

  /** Writes to the transaction's connection while `run` runs (PostgreSQL; 0 on PGlite). */
  async function writesOf<T>(tx: Tx, run: () => Promise<T>): Promise<{ answer: T; writes: number }> {
    const client = (tx as unknown as { session: { client: { connection?: { stream: Record<string, unknown> } } } })
      .session.client;
    const stream = client.connection?.stream as
      Record<'_write' | '_writev', (...args: unknown[]) => unknown> | undefined;
    if (!stream) return { answer: await run(), writes: 0 };
    let writes = 0;
    const originals = { _write: stream._write, _writev: stream._writev };
    for (const method of ['_write', '_writev'] as const) {
      stream[method] = function (this: unknown, ...args: unknown[]) {
        writes += 1;
        return originals[method].apply(this, args);
      };
    }
    try {
      return { answer: await run(), writes };
    } finally {
      Object.assign(stream, originals);
    }
  }

  it('runs a lock before the reads given after it, and answers each in order, in one write with BEGIN', async () => {
    const key = 4_242;
    const { answer, writes } = await inTransaction(database().db, (tx) =>
      writesOf(tx, () =>
        together(
          tx,
          () => lockKey(tx, LOCK_SPACE, key),
          () =>
            tx
              .execute(
                sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
                      AND classid = ${LOCK_SPACE} AND objid = ${key}`,
              )
              .execute(),
          () => tx.execute(sql`SELECT 'second' AS said`).execute(),
        ),
      ),
    );
    const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    expect(rows(answer[1])[0]).toEqual({ n: 1 });
    expect(rows(answer[2])[0]).toEqual({ said: 'second' });
    if (TEST_SERVER_URL) expect(writes).toBe(1);
  });

  it.skipIf(!TEST_SERVER_URL)('refuses a work that sends nothing when called, and nothing stays', async () => {
    const run = inTransaction(database().db, (tx) =>
      together(
        tx,
        () => lockKey(tx, LOCK_SPACE, 1),
        async () => {
          await Promise.resolve();
          return tx.execute(sql`SELECT 1`).execute();
        },
      ),
    );
    await expect(run).rejects.toThrow(/work 2 sent no statement when called/);
  });
});
