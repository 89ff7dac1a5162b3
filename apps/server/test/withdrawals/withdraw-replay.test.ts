import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withdrawalsAdmin, withdrawals } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import {
  adminCall,
  bindUsdt,
  cashOf,
  FUND_PASSWORD,
  readyWithdrawer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';

/*
 * addWithdraw with the app's requestId: a client whose answer was lost sends the request again
 * with the same id and is told about the order it made, without a second order or hold.
 */

describe('withdrawal requests sent again with their requestId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const readyPlayer = (balance = 100_000) => readyWithdrawer(t, balance);
  const withdraw = (p: TestPlayer, body: { accountId: number; amount: number; requestId?: string }) =>
    call(t.app, withdrawals.addWithdraw, { fundPassword: FUND_PASSWORD, ...body }, { token: p.token });
  const written = async () => ({
    orders: await rowCount(t.db, 'withdrawal_orders'),
    transfers: await rowCount(t.db, 'transfers'),
  });

  /** The holds of the player's withdrawals: what the ledger froze for them. */
  async function holds(p: TestPlayer) {
    return queryRows<{ key: string; ref: string; amount: number }>(
      t.db,
      sql`SELECT t.idempotency_key AS key, t.reference_id AS ref, t.amount::int AS amount
          FROM transfers t JOIN withdrawal_orders o ON o.order_no = t.reference_id
          WHERE t.reference_table = 'withdrawal_orders' AND t.kind = 'pending' AND o.user_id = ${p.userId}`,
    );
  }

  it("the same requestId again: the same order, one hold, even once today's count is used up", async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const requestId = randomUUID();
    const first = await withdraw(p, { accountId, amount: 20_000, requestId });
    expect(first).toMatchObject({ code: 200, data: { status: 'reviewing' } });
    const after = await written();

    expect(await withdraw(p, { accountId, amount: 20_000, requestId })).toEqual(first);
    expect(await written()).toEqual(after);
    expect(await cashOf(t, p)).toEqual({ balance: 80_000, frozen: 20_000 });
    expect(await holds(p)).toEqual([
      { key: `withdraw:${p.userId}:${requestId}`, ref: first.data.orderNo, amount: 20_000 },
    ]);

    // Two more use up the 3 a day: the retry of the first is still answered, not refused.
    for (let i = 0; i < 2; i += 1) expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(200);
    expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(422);
    expect(await withdraw(p, { accountId, amount: 20_000, requestId })).toEqual(first);

    // The answer is the order as it is now.
    await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: first.data.orderNo });
    expect(await withdraw(p, { accountId, amount: 20_000, requestId })).toMatchObject({
      code: 200,
      data: { orderNo: first.data.orderNo, status: 'approved' },
    });
    expect(await cashOf(t, p)).toEqual({ balance: 60_000, frozen: 40_000 });
  });

  it('the same requestId with another amount or account: 409, nothing written', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const otherAccount = await bindUsdt(t, p);
    const requestId = randomUUID();
    expect((await withdraw(p, { accountId, amount: 30_000, requestId })).code).toBe(200);
    const before = await written();
    for (const body of [
      { accountId, amount: 30_001, requestId },
      { accountId: otherAccount, amount: 30_000, requestId },
    ]) {
      expect(await withdraw(p, body)).toMatchObject({
        code: 409,
        msg: '此前提交的提款申请已成功，但内容与本次不同，请先查看提款记录',
      });
    }
    const english = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 1, fundPassword: FUND_PASSWORD, requestId },
      { token: p.token, lang: 'en' },
    );
    expect(english.msg).toBe(
      'Your earlier withdrawal request went through with different details; check your withdrawals first',
    );
    expect(await written()).toEqual(before);
    expect(await cashOf(t, p)).toEqual({ balance: 70_000, frozen: 30_000 });
  });

  it('20 at once with one requestId: one order, every answer names it', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const requestId = randomUUID();
    const before = await written();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(p, { accountId, amount: 25_000, requestId })),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.data.orderNo)).size).toBe(1);
    expect(await written()).toEqual({ orders: before.orders + 1, transfers: before.transfers + 1 });
    expect(await cashOf(t, p)).toEqual({ balance: 75_000, frozen: 25_000 });
  });

  it("another player's request with the same requestId is an order of its own", async () => {
    const a = await readyPlayer(100_000);
    const b = await readyPlayer(100_000);
    const requestId = randomUUID();
    const fromA = await withdraw(a.p, { accountId: a.accountId, amount: 10_000, requestId });
    const fromB = await withdraw(b.p, { accountId: b.accountId, amount: 15_000, requestId });
    expect([fromA.code, fromB.code]).toEqual([200, 200]);
    expect(fromB.data.orderNo).not.toBe(fromA.data.orderNo);
    expect(await cashOf(t, a.p)).toEqual({ balance: 90_000, frozen: 10_000 });
    expect(await cashOf(t, b.p)).toEqual({ balance: 85_000, frozen: 15_000 });
  });

  it('a wrong fund password is checked before the replay; a requestId that is no UUID is refused (400)', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const requestId = randomUUID();
    expect((await withdraw(p, { accountId, amount: 10_000, requestId })).code).toBe(200);
    const wrong = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 10_000, fundPassword: '000000', requestId },
      { token: p.token },
    );
    expect(wrong).toMatchObject({ code: 400, msg: '资金密码错误，还可尝试 4 次' });
    const before = await written();
    for (const bad of ['', 'x'.repeat(36), randomUUID().toUpperCase().replace(/-/g, '_')]) {
      const res = await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 10_000, fundPassword: FUND_PASSWORD, requestId: bad },
        { token: p.token },
      );
      expect({ bad, code: res.code, msg: res.msg }).toEqual({ bad, code: 400, msg: '请求编号: 无效' });
    }
    expect(await written()).toEqual(before);
  });
});
