import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inTransaction, type Database } from '../../src/platform/db.js';
import {
  anyPendingDue,
  duePendingBets,
  openBetCounts,
  openBetsOfRound,
  openBetsOfSelections,
  roundsWithOpenBets,
} from '../../src/modules/bets/service.js';
import { liabilityOf } from '../../src/modules/taiqiu/trading/liability.js';
import { roundIdsBetting, undeliveredRounds } from '../../src/modules/demo-provider/round-store.js';
import {
  analyzedGenericPlan,
  INDEX_KEYS_SQL,
  rowsRead,
  tableReads,
  wholeRead,
  type IndexKey,
  type PlanNode,
} from '../helpers/plan-reads.js';
import { captureQueries, type CapturedQuery } from '../helpers/query-capture.js';
import { freshDatabase, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';

/*
 * The pools name a statement once its text has been sent three times, and PostgreSQL then plans
 * it once for any parameters (a generic plan: platform/named-statements.ts). Such a plan cannot
 * use a partial index whose predicate the query states with a parameter (`status = $1` could be
 * any status), so the reads that run all day, on timers and in settlement, state it as a literal
 * (isLiteral, platform/db.ts). This test records what they send and EXPLAINs each as
 * PostgreSQL plans it once named, with sequential scans disabled: a read that can only go
 * through its whole table then fails, naming it. (The pending bets' poll, twenty times a second
 * per instance, once read every bet each time: bench/README.md, the settlement benchmark.)
 *
 * PostgreSQL only, as the index test (indexes.test.ts): the statements are recorded by wrapping
 * node-postgres's client.
 */

const now = new Date('2026-12-01T12:00:00Z');

/** Open bets on a match when the pending bets' reads are run with EXPLAIN ANALYZE. */
const OPEN_BETS = 20_000;

/** Each read, as its caller sends it. */
const READS: Record<string, (database: Database) => Promise<unknown>> = {
  "the pending bets' poll": ({ db }) => anyPendingDue(db, 'taiqiu', now),
  'the pending bets due': ({ db }) => inTransaction(db, (tx) => duePendingBets(tx, 'taiqiu', now, 50)),
  "a settlement batch's bets": ({ db }) => openBetsOfSelections(db, 'taiqiu', '7', [1, 2, 3], 500, { of: 2, index: 1 }),
  "a match's open bets": ({ db }) => openBetsOfRound(db, 'taiqiu', '7', 100),
  'the matches with open bets (settlement resume)': ({ db }) => roundsWithOpenBets(db, 'taiqiu'),
  'open bets per match': ({ db }) => openBetCounts(db, 'taiqiu', ['7', '8']),
  "a market's liability (a bet's limit check)": ({ db }) => liabilityOf(db, [7], { pending: true, marketId: 3 }),
  "the demo provider's rounds left undelivered": ({ db }) => undeliveredRounds(db, now, now),
  "the demo provider's rounds betting": ({ db }) => roundIdsBetting(db),
};

/** A parameter as a literal of EXECUTE's argument list (its type is the prepared statement's). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map(String).join(',')}}`);
  return client.escapeLiteral(String(value as string | number | bigint | boolean));
}

/** The statement's generic plan: prepared under a name, explained with plan_cache_mode forcing it. */
async function genericPlan(client: pg.Client, q: CapturedQuery): Promise<PlanNode> {
  await client.query(`PREPARE probe AS ${q.text}`);
  try {
    const args = q.values.length > 0 ? `(${q.values.map((v) => literal(client, v)).join(', ')})` : '';
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE probe${args}`,
    );
    return rows[0]!['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('DEALLOCATE probe');
  }
}

describe.skipIf(!TEST_SERVER_URL)('the reads that run all day, under a generic plan (PostgreSQL)', () => {
  let fresh: TestDatabase;
  let database: Database;
  let explainer: pg.Client;
  const sent: CapturedQuery[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase();
    database = await fresh.open();
    const capture = captureQueries(/^\s*(select|with|update)\b/i);
    try {
      for (const [label, read] of Object.entries(READS)) {
        capture.label = label;
        await read(database);
      }
    } finally {
      capture.stop();
    }
    sent.push(...capture.queries.values());
    explainer = new pg.Client({ connectionString: fresh.url });
    await explainer.connect();
    await explainer.query('SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off');
  });

  afterAll(async () => {
    await explainer?.end();
    await database?.close();
    await fresh?.drop();
  });

  it('records a statement of each read', () => {
    expect(new Set(sent.map((q) => q.label))).toEqual(new Set(Object.keys(READS)));
  });

  it("reads no open bet in the pending bets' poll, though thousands are open", async () => {
    // A match's open bets, placed faster than autovacuum analyzes them, as before a settlement:
    // bets_round_live (status open or pending) also serves a read of pending bets, and the poll
    // planned through it read every open bet, 175 ms a poll with 100,000 (bench/README.md, the
    // settlement benchmark). bets_pending leads with the game type the poll names.
    await explainer.query(`
      INSERT INTO users (username, password_hash, nickname, invite_code) VALUES ('open_bets', 'x', 'open_bets', 'OPENBETS');
      INSERT INTO bets (bet_no, user_id, game_type, game_name, round_id, stake, status, placed_at)
      SELECT 'open' || g, (SELECT id FROM users WHERE username = 'open_bets'), 'taiqiu', 'match', '7', 100, 'open', now()
      FROM generate_series(1, ${OPEN_BETS}) g`);
    for (const label of ["the pending bets' poll", 'the pending bets due']) {
      const q = sent.find((s) => s.label === label)!;
      expect(rowsRead(await analyzedGenericPlan(explainer, q), 'bets'), label).toBe(0);
    }
  });

  it('reads no table whole where a partial index serves the read', async () => {
    const { rows: keys } = await explainer.query<IndexKey>(INDEX_KEYS_SQL);
    // A partial index holds only the rows its predicate keeps (the few pending, open or in flight),
    // so reading all of it is taken as narrow here. It is not when another partial index keeps
    // fewer of them (the poll above read every open bet through one): the test above measures those
    // reads' rows.
    const { rows: partial } = await explainer.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '% WHERE %'`,
    );
    const isPartial = new Set(partial.map((p) => p.name));
    const whole: string[] = [];
    for (const q of sent) {
      for (const read of tableReads(await genericPlan(explainer, q))) {
        const throughPartial = read.indexes.length > 0 && read.indexes.every((i) => isPartial.has(i.name));
        const how = throughPartial ? undefined : wholeRead(read, keys);
        if (how) whole.push(`${q.label}\n  reads ${read.table} whole (${how})\n  ${q.text.slice(0, 240)}`);
      }
    }
    expect(whole, `reads that a named statement makes whole:\n\n${whole.join('\n\n')}\n`).toEqual([]);
  });
});
