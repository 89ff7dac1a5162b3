import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentDaily } from '../../src/modules/agents/report-tables.js';
import { NO_MARKET, placeBet, settleBets, type BetRow } from '../../src/modules/bets/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { captureQueries } from '../helpers/query-capture.js';
import { fundedPlayer, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * A settlement batch sends the roll-up statement one row per player and game type, however many
 * of their bets it settles (agents/rollups.ts rollUpAll): every row sent is bytes written and JSON
 * parsed, 9–11 µs a bet when each bet had its row (bench/README.md, the settlement benchmark).
 * On PostgreSQL, whose client the capture wraps.
 */

const BETS = 10;

describe.skipIf(!TEST_SERVER_URL)("a settlement batch's roll-up (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(() => t?.close());

  it("sends one row for a player's bets, their figures summed, and the day's row counts every bet", async () => {
    const { ctx } = t.app;
    const { userId } = await fundedPlayer(t, 100_000);
    const stakes = Array.from({ length: BETS }, (_, i) => 100 * (i + 1));
    const placed: BetRow[] = [];
    for (const stake of stakes) {
      const bet = { userId, gameType: 'slots' as const, gameName: 'slots', roundId: `r${stake}`, ...NO_MARKET };
      placed.push(await inTransaction(ctx.db, (tx) => placeBet(tx, ctx, { ...bet, oddsMilli: null, stake })));
    }

    const capture = captureQueries(/^\s*insert into agent_daily/i);
    capture.label = 'settlement';
    try {
      const items = placed.map((bet) => ({ bet, outcome: 'lost' as const, result: null }));
      expect(await inTransaction(ctx.db, (tx) => settleBets(tx, ctx, items))).toBe(BETS);
    } finally {
      capture.stop();
    }
    const sent = [...capture.queries.values()].map((q) => JSON.parse(String(q.values[0])) as Record<string, unknown>[]);
    const total = stakes.reduce((a, b) => a + b, 0);
    expect(sent).toEqual([
      [expect.objectContaining({ user_id: userId, bet_count: BETS, stake: total, valid_bet: total })],
    ]);

    const [day] = await t.db
      .select({ betCount: agentDaily.betCount, stake: agentDaily.stake })
      .from(agentDaily)
      .where(and(eq(agentDaily.userId, userId), eq(agentDaily.gameType, 'slots')));
    expect(day).toEqual({ betCount: BETS, stake: total });
  });
});
