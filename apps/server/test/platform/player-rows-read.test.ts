import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../src/platform/db.js';
import { accrueRebateAll, changeRebateAll } from '../../src/modules/rebates/accruals.js';
import { recordVipProgressAll } from '../../src/modules/vip/progress.js';
import { instanceDatabaseUrl } from '../helpers/instances.js';
import { analyzedGenericPlan, rowsRead } from '../helpers/plan-reads.js';
import { captureQueries, type CapturedQuery } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * What follows a deposit or a settled bet, VIP progress and rebate accrual, is one statement for
 * however many players (a JSON array of rows), which reads each player's level. PostgreSQL takes
 * such an array for 100 rows, and for a deposit's one row it joined the whole users table: a
 * sequential scan of every player, each deposit credit and each claimed bet (bench/README.md,
 * "Where the money path's time goes"). This runs each statement as the server sent it, under the
 * generic plan its name gets, with EXPLAIN ANALYZE, and holds the users rows it reads to one per
 * player given.
 *
 * PostgreSQL only: the statements are recorded by wrapping node-postgres's client.
 */

const PLAYERS = 5_000;

describe.skipIf(!TEST_SERVER_URL)("the per-player statements read each player's row, not all (PostgreSQL)", () => {
  let t: TestApp;
  const sent: CapturedQuery[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.execute(sql`
      INSERT INTO users (username, password_hash, nickname, invite_code)
      SELECT 'many' || g, 'x', 'many' || g, 'MANY' || g FROM generate_series(1, ${PLAYERS}) g`);
    await t.db.execute(sql`ANALYZE users`);
    const [{ id }] = (await t.db.execute(sql`SELECT min(id)::int AS id FROM users`)).rows as [{ id: number }];
    const ctx = t.app.ctx;
    const capture = captureQueries(/^\s*with\b/i);
    capture.label = 'fan-out';
    try {
      await inTransaction(t.db, async (tx) => {
        await recordVipProgressAll(tx, ctx, [
          { userId: id, deposit: 10_000, reference: { table: 'deposit_orders', id: 1 } },
        ]);
        const bet = { userId: id, gameType: 'slots' as const, reference: { table: 'bets', id: 'b1' } };
        await accrueRebateAll(tx, ctx, [{ ...bet, validBet: 1_000 }]);
        await changeRebateAll(tx, ctx, [{ ...bet, validBet: -500, reference: { table: 'corrections', id: 1 } }]);
      });
    } finally {
      capture.stop();
    }
    sent.push(...[...capture.queries.values()].filter((q) => /\busers u\b/.test(q.text)));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reads the player's level, not every player", async () => {
    // VIP progress, the rebate's accrual and its take-back.
    expect(sent).toHaveLength(3);
    const client = new pg.Client({ connectionString: await instanceDatabaseUrl(t.db) });
    await client.connect();
    try {
      for (const statement of sent) {
        const read = rowsRead(await analyzedGenericPlan(client, statement), 'users');
        expect(read, statement.text.slice(0, 200)).toBeLessThanOrEqual(1);
      }
    } finally {
      await client.end();
    }
  });
});
