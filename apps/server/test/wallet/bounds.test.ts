import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, payments, taiqiuAdmin } from '@breakshot/contracts';
import { balanceAnswer } from '../../src/modules/games/wallet-answers.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { transfer } from '../../src/modules/wallet/ledger.js';
import { inTransaction } from '../../src/platform/db.js';
import { pgConstraint } from '../../src/platform/errors.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, moveWithRow, newPlayer, rowCount, useTestOps, type Player } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * Bounded money (docs/wallet-bounds.md): no transfer moves more than MAX_AMOUNT, no account total
 * or balance after passes 2^53 − 1 (the database's CHECKs), and the contracts refuse larger inputs.
 */

const TOP = Number.MAX_SAFE_INTEGER;

describe('wallet bounds', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    await useTestOps(t.db, ['deposit']);
    p = await newPlayer(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const written = async () => ({
    transfers: await rowCount(t.db, 'transfers'),
    entries: await rowCount(t.db, 'entries'),
    rows: await rowCount(t.db, 'test_ops'),
  });

  it('a transfer above one transfer’s bound is refused with a clear error, and nothing is written', async () => {
    const before = await written();
    await expect(
      moveWithRow(t, 'above', 'deposit', { house: 'gateway' }, { userId: p.userId }, MAX_AMOUNT + 1),
    ).rejects.toMatchObject({ code: 422, messageKey: 'amountAboveBound' });
    expect(await written()).toEqual(before);
    expect((await getCashBalance(t.db, p.userId)).balance).toBe(0);

    await moveWithRow(t, 'at-bound', 'deposit', { house: 'gateway' }, { userId: p.userId }, MAX_AMOUNT);
    expect((await getCashBalance(t.db, p.userId)).balance).toBe(MAX_AMOUNT);
  });

  it('the database refuses an account total or a balance after beyond 2^53 − 1, whoever writes it', async () => {
    const failure = (query: Promise<unknown>) => query.then(() => 'written', pgConstraint);
    expect(
      await failure(
        t.db.execute(sql`UPDATE accounts SET credits_posted = ${TOP}::bigint + 1 WHERE owner_id = ${p.userId}`),
      ),
    ).toBe('accounts_totals_bounded');
    expect(
      await failure(
        t.db.execute(sql`INSERT INTO entries (transfer_id, account_id, type, amount, balance_after)
                         SELECT transfer_id, account_id, type, amount, ${TOP}::bigint + 1 FROM entries LIMIT 1`),
      ),
    ).toBe('entries_balance_bounded');

    // Through the ledger: a credit taking the player's total past 2^53 − 1 reads as the bound, and
    // its transaction is undone whole.
    const before = await written();
    await expect(
      inTransaction(t.db, async (tx) => {
        await tx.execute(sql`UPDATE accounts SET credits_posted = ${TOP - 10} WHERE owner_id = ${p.userId}`);
        await transfer(tx, t.app.ctx, {
          key: 'past-the-top',
          code: 'deposit',
          debit: { house: 'gateway' },
          credit: { userId: p.userId },
          amount: 100,
          reference: { table: 'test_ops', id: 'past-the-top' },
        });
      }),
    ).rejects.toMatchObject({ code: 422, messageKey: 'amountAboveBound' });
    expect(await written()).toEqual(before);
    expect((await getCashBalance(t.db, p.userId)).balance).toBe(MAX_AMOUNT);
  });

  it('player and operator money inputs above the bound are refused, naming the field', async () => {
    const startPay = await call(t.app, payments.startPay, { channelId: 1, amount: MAX_AMOUNT + 1 }, { token: p.token });
    expect(startPay).toMatchObject({ code: 400, data: { field: 'amount' } });
    const match = await adminCall(t.app, taiqiuAdmin.matchCreate, {
      playerA: '林浩然',
      playerB: '陈子轩',
      bestOf: 7,
      startAt: new Date(Date.now() + 600_000).toISOString(),
      minStake: MAX_AMOUNT + 1,
    });
    expect(match).toMatchObject({ code: 400, data: { field: 'minStake' } });
  });

  it('the seamless wallet never states a balance its units cannot hold exactly, nor more than there is', () => {
    for (const cents of [TOP, Math.floor(TOP / 1_000) + 1]) {
      const stated = balanceAnswer('u', 'r', 'CNY', cents) as { balance: number };
      expect(Number.isSafeInteger(stated.balance)).toBe(true);
      expect(stated.balance).toBe(Math.floor(TOP / 1_000) * 1_000);
    }
    expect((balanceAnswer('u', 'r', 'CNY', 123) as { balance: number }).balance).toBe(123_000);
  });
});
