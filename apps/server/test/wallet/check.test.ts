import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/platform/db.js';
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

describe('checkLedger on a ledger broken past its constraints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    await useTestOps(t.db, ['deposit']);
  });
  afterAll(() => t.close());

  it('reports each broken invariant with how many rows and which', async () => {
    const p = await newPlayer(t);
    await moveWithRow(t, 'k1', 'deposit', { house: 'gateway' }, { userId: p.userId }, 700);
    const [account] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM accounts WHERE owner_id = ${p.userId}`);
    // What the schema forbids, a repair by hand could still do: drop the guards, then break them.
    await t.db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT accounts_cash_not_overdrawn`);
    await t.db.execute(sql`ALTER TABLE transfers DROP CONSTRAINT transfers_idempotency_key`);
    await t.db.execute(sql`UPDATE accounts SET debits_posted = credits_posted + 1 WHERE id = ${account!.id}`);
    await t.db.execute(sql`INSERT INTO transfers (idempotency_key, request_hash, kind, code, debit_account_id,
        credit_account_id, amount, reference_table, reference_id)
      SELECT idempotency_key, request_hash, kind, code, debit_account_id, credit_account_id, 1, 'nowhere', 'x'
      FROM transfers WHERE idempotency_key = 'k1'`);

    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.failures).toEqual(
      expect.arrayContaining([
        `no player account overdrawn: 1 wrong (${account!.id})`,
        'every idempotency key applied once: 1 wrong (k1)',
        'every transfer names a registered business table: 1 wrong (nowhere:deposit)',
      ]),
    );
    // Only the checks that failed are listed, each with its detail.
    expect(report.failures).toHaveLength(report.checks.filter((c) => !c.ok).length);
    expect(report.checks.find((c) => c.name === 'test_ops settled rows have one deposit transfer')).toEqual({
      name: 'test_ops settled rows have one deposit transfer',
      ok: true,
    });
  });
});
