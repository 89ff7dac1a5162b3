import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/platform/db.js';
import { HOUSE_SHARDS } from '../../src/modules/wallet/tables.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/*
 * The house accounts in shards (docs/design.md §5): bets of different players move different
 * house rows, so they do not queue for one. With a single house row (HOUSE_SHARDS = 1) this test
 * counted 4.8 of the pool's 10 connections waiting on it on average, and with shards at most 1.
 * Since bets arriving together share a transaction (docs/design.md §5, "Money calls in batches"), a
 * batch moves the shards of all its players at its COMMIT, so two batches in flight can wait on
 * each other's shards there. Runs at two commits with the same bet path read 0.31–1.56 (one mode
 * near 0.4, one near 1.5; a CI run read 1.506 against the bound of 1.5 it had then). The bound is
 * 2.5, about half the single row's 4.8. PostgreSQL only: PGlite has one connection, and no lock
 * waits to count.
 */

const PLAYERS = 200;
const STAKE = 1_000;
/** Backends waiting on a row's lock, on average over the samples: at most this many. */
const WAITING_BOUND = 2.5;
const SAMPLE_MS = 2;

/** Samples how many backends of `database` wait on a row lock until stopped; gives the mean and the samples. */
async function sampleRowLockWaits(database: string) {
  const client = new pg.Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  const waiting: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE NOT l.granted AND a.datname = $1 AND l.locktype IN ('transactionid', 'tuple')`,
        [database],
      );
      waiting.push(rows[0]!.n);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    return { mean: waiting.reduce((a, b) => a + b, 0) / waiting.length, samples: waiting.length };
  };
}

describe.skipIf(!TEST_SERVER_URL)('house accounts in shards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(() => t.close());

  it(`${PLAYERS} bets of ${PLAYERS} players at once do not queue on one row`, { timeout: 120_000 }, async () => {
    const match = await newMatch(t);
    const players: TestPlayer[] = [];
    for (let i = 0; i < PLAYERS; i += 20) {
      players.push(...(await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(t, 10 * STAKE)))));
    }
    const [{ database }] = (await queryRows<{ database: string }>(
      t.db,
      sql`SELECT current_database() AS database`,
    )) as [{ database: string }];
    const stop = await sampleRowLockWaits(database);
    const answers = await Promise.all(
      players.map((p) => placeBet(t, p, match, 'winner', 'a', STAKE, { requestId: randomUUID() })),
    );
    const waits = await stop();

    expect(answers.filter((a) => a.code !== 200).map((a) => a.msg)).toEqual([]);
    expect(waits.samples).toBeGreaterThan(10);
    expect(waits.mean, `backends waiting on a row lock, on average over ${waits.samples} samples`).toBeLessThanOrEqual(
      WAITING_BOUND,
    );
    // The house account is the sum of its shards: every stake is there, spread over them.
    const [house] = await queryRows<{ rows: number; credits: string }>(
      t.db,
      sql`SELECT count(*)::int AS rows, sum(credits_posted)::text AS credits FROM accounts
          WHERE owner_id IS NULL AND kind = 'house'`,
    );
    expect(Number(house!.credits)).toBe(PLAYERS * STAKE);
    expect(house!.rows).toBe(Math.min(PLAYERS, HOUSE_SHARDS));
  });
});
