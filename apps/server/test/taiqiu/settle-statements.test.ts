import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { finishMatch, settleMatch } from '../../src/modules/taiqiu/settlement.js';
import { countStatements } from '../helpers/query-capture.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * A settlement batch costs the same statements however many bets and players it holds
 * (bets/settle.ts and its subscribers are set-based): what lets a match of 100,000 bets settle in
 * seconds (bench/book/settlement.bench.ts). Counted on PostgreSQL, whose client is wrapped
 * (test/helpers/query-capture.ts); PGlite's is not.
 */

/** Below the daily task's first tier, so no player's reward adds its own statements. */
const STAKE = 1_000;

describe.skipIf(!TEST_SERVER_URL)('a settlement batch’s statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** A finished match on which `players` players each backed both sides of the winner market: its settlement's statements. */
  async function settlementOf(players: number): Promise<number> {
    const match = await newMatch(t);
    for (let n = 0; n < players; n += 1) {
      const player = await fundedPlayer(t, 100_000);
      for (const pick of ['a', 'b'] as const) {
        const res = await placeBet(t, player, match, 'winner', pick, STAKE);
        expect(res.code, res.msg).toBe(200);
      }
    }
    await inTransaction(t.app.ctx.db, (tx) => finishMatch(tx, t.app.ctx, match.id, { a: 4, b: 1 }));
    const statements = await countStatements(() => settleMatch(t.app.ctx, match.id));
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM bets WHERE round_id = ${String(match.id)} AND status = 'open'`,
    );
    expect(open!.n).toBe(0);
    return statements;
  }

  it('are as many for 24 players’ 48 bets as for 4 players’ 8', async () => {
    const few = await settlementOf(4);
    const many = await settlementOf(24);
    expect(many).toBe(few);
    // Two streams of one batch each, and the selections marked: a few dozen, not a few per bet.
    expect(few).toBeLessThan(60);
  });
});
