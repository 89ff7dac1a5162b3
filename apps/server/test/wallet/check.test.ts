import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../../src/modules/wallet/check.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { moveWithRow, newPlayer, useTestOps } from '../helpers/wallet.js';

describe('checkLedger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    await useTestOps(t.db, ['deposit']);
  });
  afterAll(() => t.close());

  it('passes on a sound ledger and names each broken invariant', async () => {
    const p = await newPlayer(t);
    await moveWithRow(t, 'c1', 'deposit', { house: 'gateway' }, { userId: p.userId }, 700);
    expect((await checkLedger(t.db)).ok).toBe(true);

    // Money from nowhere: an account whose totals no transfer explains.
    await t.db.execute(sql`UPDATE accounts SET credits_posted = credits_posted + 5 WHERE owner_id = ${p.userId}`);
    // A business row in its final state without its transfer.
    await t.db.execute(sql`INSERT INTO test_ops (id, code) VALUES ('orphan', 'deposit')`);
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toEqual([
      'debits equal credits, posted and pending',
      'every account equals the sum of its transfers',
      'balances after are running sums equal to the accounts',
      'test_ops settled rows have one deposit transfer',
    ]);
  });
});
