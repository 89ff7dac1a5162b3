import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { accrueRebateAll, changeRebateAll } from '../../src/modules/rebates/accruals.js';
import { reduceTurnoverAll } from '../../src/modules/turnover/service.js';
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
 * generic plan its name gets, with EXPLAIN ANALYZE, and holds the rows it reads of the tables with
 * a row per player (users, turnover_balances) to the player's.
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
    await t.db.execute(sql`INSERT INTO turnover_balances (user_id, required) SELECT id, 1000000 FROM users`);
    await t.db.execute(sql`ANALYZE users`);
    await t.db.execute(sql`ANALYZE turnover_balances`);
    const [{ id }] = (await queryRows<{ id: number }>(t.db, sql`SELECT min(id)::int AS id FROM users`)) as [
      { id: number },
    ];
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
        await reduceTurnoverAll(tx, [{ userId: id, validBet: 1_000, reference: { table: 'bets', id: 'b1' } }]);
      });
    } finally {
      capture.stop();
    }
    sent.push(...[...capture.queries.values()].filter((q) => /\b(users u|turnover_balances t)\b/.test(q.text)));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reads the player's level, not every player", async () => {
    // VIP progress, the rebate's accrual and its take-back, the turnover requirement's count.
    expect(sent).toHaveLength(4);
    const client = new pg.Client({ connectionString: await instanceDatabaseUrl(t.db) });
    await client.connect();
    try {
      for (const statement of sent) {
        const plan = await analyzedGenericPlan(client, statement);
        // The player's row, read twice at most (the requirement's: once to lock it, once to update it).
        for (const table of ['users', 'turnover_balances']) {
          expect(rowsRead(plan, table), `${table}: ${statement.text.slice(0, 200)}`).toBeLessThanOrEqual(2);
        }
      }
    } finally {
      await client.end();
    }
  });
});
