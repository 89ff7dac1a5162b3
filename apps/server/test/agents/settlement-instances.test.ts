import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementResult } from '../../src/modules/agents/settlement/settle.js';
import { settlePeriod } from '../../src/modules/agents/settlement/settle.js';
import { queryRows } from '../../src/platform/db.js';
import { newTree, rollUpOn, settledCounts, siteDays } from '../helpers/agent-settlement.js';
import { instanceDatabaseUrl, spawnInstances } from '../helpers/instances.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';

/*
 * Settlement on three server instances at once settles each period once. On
 * PostgreSQL the instances are three processes, each with its own pool, released together; on
 * PGlite (one connection, in this process) the three runs are concurrent calls of this process.
 */

describe('agent settlement on three instances at once', () => {
  let t: TestApp;
  let days: Awaited<ReturnType<typeof siteDays>>;
  let periods: string[];
  let settlers: ReturnType<typeof spawnInstances> | undefined;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    days = await siteDays(t);
    periods = [`commission:${days.monday(1)}`, `dividend:${days.monday(2)}`];
    const url = await instanceDatabaseUrl(t.db);
    if (url) settlers = spawnInstances(url, ['settle', ...periods]);
  });
  afterAll(async () => {
    settlers?.kill();
    await t?.close();
  });

  // The processes' start (overlapping the setup) may take most of a loaded machine's 20 s.
  it(
    'settles each period once: one statement per agent, one transfer each, one marker',
    { timeout: 60_000 },
    async () => {
      const tree = await newTree(t);
      const day = days.monday(1);
      const week = days.monday(2);
      for (const [who, game, validBet] of [
        [tree.m1, 'taiqiu', 400_000],
        [tree.m2, 'slots', 250_000],
        [tree.m3, 'poker', 100_000],
        [tree.m4, 'taiqiu', 90_000],
      ] as const) {
        await rollUpOn(t, who, days.noonOf(day), game, { betCount: 1, stake: validBet, validBet });
        await rollUpOn(t, who, days.noonOf(week), game, { betCount: 1, stake: validBet, validBet });
      }
      const runs = settlers
        ? ((await settlers.go()) as SettlementResult[][])
        : await Promise.all(
            [0, 1, 2].map(() =>
              Promise.all([
                settlePeriod(t.app.ctx, 'commission', day, t.clock.now()),
                settlePeriod(t.app.ctx, 'dividend', week, t.clock.now()),
              ]),
            ),
          );

      for (const [i, [kind, period]] of [['commission', day] as const, ['dividend', week] as const].entries()) {
        const results = runs.map((r) => r[i]!);
        // Exactly one run wrote the period; the others found it settled and paid nothing.
        const writers = results.filter((r) => r.statements > 0);
        expect(writers).toHaveLength(1);
        expect(results.filter((r) => r.statements === 0 && r.paid === 0)).toHaveLength(2);
        // Every agent of the tree earned: sub, agent and top.
        expect(writers[0]).toMatchObject({ kind, period, statements: 3 });
        expect(await settledCounts(t.db, kind, period)).toEqual({ statements: 3, transfers: 3, markers: 1 });
        const [paid] = await queryRows<{ total: number }>(
          t.db,
          sql`SELECT coalesce(sum(t.amount), 0)::int AS total FROM transfers t
            JOIN agent_statements s ON t.reference_table = 'agent_statements' AND t.reference_id = s.id::text
            WHERE s.kind = ${kind} AND s.period = ${period}`,
        );
        expect(paid?.total).toBe(writers[0]!.paid);
      }
      await expectLedgerOk(t.db);
    },
  );
});
