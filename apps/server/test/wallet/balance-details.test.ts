import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallet } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { hold, voidPending } from '../../src/modules/wallet/ledger.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer, recordTestOp, rowCount, useTestOps, type Player } from '../helpers/wallet.js';

describe('user/balanceDetails', () => {
  let t: TestApp;
  let p: Player;
  let depositNo: string;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    await useTestOps(t.db, ['withdrawal']);
    p = await newPlayer(t);
    const sandbox = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, sandbox.id, 10_000);
    depositNo = order.orderNo;
    await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 10_000 });
    t.clock.advance(60_000);
    await inTransaction(t.db, async (tx) => {
      await recordTestOp(tx, 'wd1', 'withdrawal');
      const pending = await hold(tx, t.app.ctx, {
        key: 'wd1',
        code: 'withdrawal',
        debit: { userId: p.userId },
        credit: { house: 'withdrawals_in_flight' },
        amount: 3_000,
        reference: { table: 'test_ops', id: 'wd1' },
        memo: 'to bank ****1234',
      });
      t.clock.advance(60_000);
      await voidPending(tx, t.app.ctx, { key: 'wd1:void', pendingId: pending.id });
    });
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('lists every entry, newest first, with the balance after each', async () => {
    const res = await call(t.app, wallet.balanceDetails, { page: 1, pageSize: 20 }, { token: p.token });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(4);
    expect(res.data.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['withdrawal_refund', 3_000, 10_100],
      ['withdrawal', -3_000, 7_100],
      ['bonus', 100, 10_100],
      ['deposit', 10_000, 10_000],
    ]);
    expect(res.data.list[3]).toMatchObject({ reference: { table: 'deposit_orders', id: depositNo }, memo: null });
    expect(res.data.list[1]).toMatchObject({ reference: { table: 'test_ops', id: 'wd1' }, memo: 'to bank ****1234' });
  });

  it('pages and filters by type and time', async () => {
    const page2 = await call(t.app, wallet.balanceDetails, { page: 2, pageSize: 3 }, { token: p.token });
    expect(page2.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.data.list.map((e) => e.type)).toEqual(['deposit']);
    const deposits = await call(t.app, wallet.balanceDetails, { type: 'deposit' }, { token: p.token });
    expect(deposits.data.list.map((e) => e.type)).toEqual(['deposit']);
    const all = (await call(t.app, wallet.balanceDetails, {}, { token: p.token })).data.list;
    const refundAt = all[0]?.createdAt ?? '';
    const before = await call(t.app, wallet.balanceDetails, { to: refundAt }, { token: p.token });
    expect(before.data.total).toBe(3);
    const since = await call(t.app, wallet.balanceDetails, { from: refundAt }, { token: p.token });
    expect(since.data.list.map((e) => e.type)).toEqual(['withdrawal_refund']);
  });

  it('details: one own entry with its source; another player’s entry → 404', async () => {
    const [latest] = (await call(t.app, wallet.balanceDetails, {}, { token: p.token })).data.list;
    const one = await call(t.app, wallet.balanceDetailsItem, { id: latest?.id }, { token: p.token });
    expect(one.data).toMatchObject({
      type: 'withdrawal_refund',
      code: 'withdrawal',
      amount: 3_000,
      transferId: expect.any(Number),
    });
    const other = await newPlayer(t);
    expect((await call(t.app, wallet.balanceDetailsItem, { id: latest?.id }, { token: other.token })).code).toBe(404);
    expect((await call(t.app, wallet.balanceDetails, {}, { token: other.token })).data).toMatchObject({
      total: 0,
      list: [],
    });
  });

  it('bad input → 400 naming the field; no session → 401', async () => {
    const entries = await rowCount(t.db, 'entries');
    const cases: [object, string][] = [
      [{ page: 0 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ type: 'gift' }, 'type'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: 5 }, 'to'],
      [{ extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, wallet.balanceDetails, body, { token: p.token });
      expect([field, res.code, res.data]).toEqual([field, 400, { field }]);
    }
    for (const body of [{}, { id: -1 }, { id: 1.5 }, { id: 'x' }]) {
      expect((await call(t.app, wallet.balanceDetailsItem, body, { token: p.token })).code).toBe(400);
    }
    expect((await call(t.app, wallet.balanceDetails, {})).code).toBe(401);
    expect(await rowCount(t.db, 'entries')).toBe(entries);
  });
});
