import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { analyzedGenericPlan, rowsRead } from '../helpers/plan-reads.js';
import { instanceDatabaseUrl } from '../helpers/instances.js';
import { captureQueries, type CapturedQuery } from '../helpers/query-capture.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/*
 * A billiards bet's one read (taiqiu/betting.ts, lockedSelection) asks whether the player backs
 * another selection of the market. It read the player's bets since the match was made, every slot
 * spin among them: 9 ms a bet for a player with 5,000 recent spins, and the money benchmark's
 * billiards bets, made by players who had just played its provider debits, ran at half their rate
 * (bench/README.md, "Where the money path's time goes"). This holds the bets rows the read
 * examines to the player's bets on the match, whatever else they play: EXPLAIN ANALYZE of the
 * statement as the server sent it, under the generic plan its name gets (platform/named-statements.ts).
 *
 * PostgreSQL only: the statement is recorded by wrapping node-postgres's client.
 */

const OTHER_BETS = 3_000;

describe.skipIf(!TEST_SERVER_URL)("a billiards bet's read of the player's other bets (PostgreSQL)", () => {
  let t: TestApp;
  let player: TestPlayer;
  let read: CapturedQuery;

  beforeAll(async () => {
    t = await startTaiqiuApp();
    player = await fundedPlayer(t, 100_000);
    const match = await newMatch(t);
    // The player's slot spins, settled, placed since the match was made.
    await t.db.execute(sql`
      INSERT INTO bets (bet_no, user_id, game_type, game_name, round_id, stake, valid_bet, status, placed_at, settled_at)
      SELECT 'spin' || g, ${player.userId}, 'slots', 'demo', 'spin' || g, 100, 100, 'lost', now(), now()
      FROM generate_series(1, ${OTHER_BETS}) g`);
    await t.db.execute(sql`ANALYZE bets`);
    const capture = captureQueries();
    capture.label = 'bet';
    try {
      for (const pick of ['a', 'a', 'b'] as const) {
        const res = await placeBet(t, player, match, 'winner', pick, 1_000);
        expect(res.code).toBe(200);
      }
    } finally {
      capture.stop();
    }
    const found = [...capture.queries.values()].find((q) => /for share of "taiqiu_matches"/.test(q.text));
    if (!found) throw new Error("the bet's locked read was not sent");
    read = found;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("examines the player's bets on the match, not their slot spins", async () => {
    const explainer = new pg.Client({ connectionString: await instanceDatabaseUrl(t.db) });
    await explainer.connect();
    try {
      // Its three bets on the match and the request id's probe: a handful, not the spins.
      expect(rowsRead(await analyzedGenericPlan(explainer, read), 'bets')).toBeLessThan(20);
    } finally {
      await explainer.end();
    }
  });
});
