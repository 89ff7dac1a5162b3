import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../src/platform/db.js';
import { entries } from '../../src/modules/wallet/tables.js';
import { hold, postPending, transfer, voidPending } from '../../src/modules/wallet/ledger.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  expectLedgerOk,
  moveWithRow,
  newPlayer,
  recordTestOp,
  rowCount,
  useTestOps,
  type Player,
} from '../helpers/wallet.js';

describe('ledger', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await startTestApp();
    await useTestOps(t.db, ['deposit', 'bet', 'withdrawal', 'agent_transfer']);
    p = await newPlayer(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const player = () => ({ userId: p.userId });
  const withdraw = (key: string, amount: number) =>
    inTransaction(t.db, async (tx) => {
      await recordTestOp(tx, key, 'withdrawal');
      return hold(tx, t.app.ctx, {
        key,
        code: 'withdrawal',
        debit: player(),
        credit: { house: 'withdrawals_in_flight' },
        amount,
        reference: { table: 'test_ops', id: key },
      });
    });

  it('moves money, replays a repeated key and refuses a changed request', async () => {
    const first = await moveWithRow(t, 'd1', 'deposit', { house: 'gateway' }, player(), 10_000);
    const again = await moveWithRow(t, 'd1', 'deposit', { house: 'gateway' }, player(), 10_000);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      kind: 'single',
      code: 'deposit',
      amount: 10_000,
      reference: { table: 'test_ops', id: 'd1' },
    });
    await expect(moveWithRow(t, 'd1', 'deposit', { house: 'gateway' }, player(), 10_001)).rejects.toMatchObject({
      code: 409,
      messageKey: 'idempotencyConflict',
    });
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 10_000, frozen: 0 });
  });

  it('refuses to overdraw and writes nothing', async () => {
    const before = await rowCount(t.db, 'transfers');
    await expect(moveWithRow(t, 'b1', 'bet', player(), { house: 'house' }, 10_001)).rejects.toMatchObject({
      code: 422,
      messageKey: 'insufficientBalance',
    });
    expect(await rowCount(t.db, 'transfers')).toBe(before);
    await moveWithRow(t, 'b2', 'bet', player(), { house: 'house' }, 2_500);
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 7_500, frozen: 0 });
  });

  it('the overdraft CHECK maps to insufficientBalance when the code check is bypassed', async () => {
    await expect(
      inTransaction(t.db, (tx) =>
        tx.execute(sql`UPDATE accounts SET debits_pending = 1000000 WHERE owner_id = ${p.userId}`),
      ),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it('holds, then posts or voids once; entries show what the player sees', async () => {
    const h1 = await withdraw('w1', 1_000);
    const h2 = await withdraw('w2', 2_000);
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 4_500, frozen: 3_000 });
    const post = await inTransaction(t.db, (tx) => postPending(tx, t.app.ctx, { key: 'w1:post', pendingId: h1.id }));
    expect(post).toMatchObject({ kind: 'post', pendingId: h1.id, code: 'withdrawal', amount: 1_000 });
    await inTransaction(t.db, (tx) => voidPending(tx, t.app.ctx, { key: 'w2:void', pendingId: h2.id }));
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 6_500, frozen: 0 });
    // Replays answer the first result; a second resolution is refused.
    const replay = await inTransaction(t.db, (tx) => postPending(tx, t.app.ctx, { key: 'w1:post', pendingId: h1.id }));
    expect(replay).toEqual(post);
    await expect(
      inTransaction(t.db, (tx) => voidPending(tx, t.app.ctx, { key: 'w1:void', pendingId: h1.id })),
    ).rejects.toMatchObject({ code: 409, messageKey: 'pendingResolved' });
    await expect(
      inTransaction(t.db, (tx) => postPending(tx, t.app.ctx, { key: 'w1:post', pendingId: h2.id })),
    ).rejects.toMatchObject({ code: 409, messageKey: 'idempotencyConflict' });

    const cash = await t.db.select().from(entries).where(eq(entries.transferId, h2.id));
    expect(cash).toMatchObject([{ type: 'withdrawal', amount: -2_000, balanceAfter: 4_500 }]);
    const [refund] = await t.db
      .select()
      .from(entries)
      .where(sql`${entries.transferId} = (SELECT id FROM transfers WHERE idempotency_key = 'w2:void')`);
    expect(refund).toMatchObject({ type: 'withdrawal_refund', amount: 2_000, balanceAfter: 6_500 });
  });

  it('transfers and entries are append-only', async () => {
    await expect(t.db.execute(sql`UPDATE transfers SET amount = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM entries`)).rejects.toThrow();
  });

  it('50 concurrent holds of the whole balance: exactly one is accepted', async () => {
    const q = await newPlayer(t);
    await moveWithRow(t, `fund:${q.userId}`, 'deposit', { house: 'gateway' }, { userId: q.userId }, 5_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inTransaction(t.db, async (tx) => {
          const key = `all-in:${q.userId}:${i}`;
          await recordTestOp(tx, key, 'withdrawal');
          return hold(tx, t.app.ctx, {
            key,
            code: 'withdrawal',
            debit: { userId: q.userId },
            credit: { house: 'withdrawals_in_flight' },
            amount: 5_000,
            reference: { table: 'test_ops', id: key },
          });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 422, messageKey: 'insufficientBalance' });
    }
    expect(await getCashBalance(t.db, q.userId)).toEqual({ balance: 0, frozen: 5_000 });
  });

  it('between two players: both ways at once without deadlock, an overdraft refused and nothing written, entries and live balances', async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    await moveWithRow(t, 'pp-fund-a', 'deposit', { house: 'gateway' }, { userId: a.userId }, 5_000);
    await moveWithRow(t, 'pp-fund-b', 'deposit', { house: 'gateway' }, { userId: b.userId }, 5_000);
    const seen: [number, number][] = [];
    const notify = t.app.ctx.live.notifyUser.bind(t.app.ctx.live);
    t.app.ctx.live.notifyUser = (userId, event, db) => {
      if (event.type === 'BALANCE_UPDATED' && (userId === a.userId || userId === b.userId))
        seen.push([userId, event.balance]);
      return notify(userId, event, db);
    };
    // 20 each way, every one covered: transfers locking the same two accounts in opposite orders
    // would deadlock.
    const moves = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      return moveWithRow(t, `pp-${i}`, 'agent_transfer', { userId: from.userId }, { userId: to.userId }, 100 + (i % 2));
    });
    await Promise.all(moves);
    t.app.ctx.live.notifyUser = notify;
    // a sent 20 × 101 and received 20 × 100.
    expect(await getCashBalance(t.db, a.userId)).toEqual({ balance: 4_980, frozen: 0 });
    expect(await getCashBalance(t.db, b.userId)).toEqual({ balance: 5_020, frozen: 0 });
    expect(seen).toHaveLength(80);

    const before = await rowCount(t.db, 'transfers');
    await expect(
      moveWithRow(t, 'pp-over', 'agent_transfer', { userId: a.userId }, { userId: b.userId }, 4_981),
    ).rejects.toMatchObject({ code: 422, messageKey: 'insufficientBalance' });
    expect(await rowCount(t.db, 'transfers')).toBe(before);
    expect(await getCashBalance(t.db, b.userId)).toEqual({ balance: 5_020, frozen: 0 });

    const last = await moveWithRow(t, 'pp-all', 'agent_transfer', { userId: a.userId }, { userId: b.userId }, 4_980);
    expect(await moveWithRow(t, 'pp-all', 'agent_transfer', { userId: a.userId }, { userId: b.userId }, 4_980)).toEqual(
      last,
    );
    const written = await t.db.select().from(entries).where(eq(entries.transferId, last.id));
    expect(written.map((e) => [e.amount, e.balanceAfter, e.type]).sort()).toEqual([
      [-4_980, 0, 'agent_transfer'],
      [4_980, 10_000, 'agent_transfer'],
    ]);
  });

  it('a transfer rolled back with its business transaction leaves nothing', async () => {
    const before = await getCashBalance(t.db, p.userId);
    const transfersBefore = await rowCount(t.db, 'transfers');
    await expect(
      inTransaction(t.db, async (tx) => {
        await transfer(tx, t.app.ctx, {
          key: 'rolled-back',
          code: 'deposit',
          debit: { house: 'gateway' },
          credit: player(),
          amount: 500,
          reference: { table: 'test_ops', id: 'rolled-back' },
        });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    expect(await getCashBalance(t.db, p.userId)).toEqual(before);
    expect(await rowCount(t.db, 'transfers')).toBe(transfersBefore);
  });
});
