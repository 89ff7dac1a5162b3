import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatorCalls,
  paymentsAdmin,
  playersAdmin,
  withdrawalsAdmin,
  payments,
  withdrawals,
} from '@breakshot/contracts';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  adminCall,
  bindUsdt,
  cashOf,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
} from '../helpers/withdrawals.js';

describe('operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('needs the operator token: none → 401, a wrong one → 403, nothing done', async () => {
    const p = await newTestPlayer(t);
    const body = { username: p.username, amount: 100, reason: 'x', requestId: randomUUID() };
    expect(await adminCall(t.app, playersAdmin.balanceAdjust, body, { token: false })).toMatchObject({
      code: 401,
      msg: '请先登录运营后台',
    });
    expect(await adminCall(t.app, playersAdmin.balanceAdjust, body, { token: 'guess' })).toMatchObject({
      code: 403,
      msg: '操作员令牌错误',
    });
    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalsList, {}, { token: false })).toMatchObject({ code: 401 });
    expect(await cashOf(t, p)).toEqual({ balance: 0, frozen: 0 });
  });

  it('a server without a token refuses every operator call', async () => {
    const bare = await startTestApp();
    try {
      expect(await adminCall(bare.app, playersAdmin.auditList, {})).toMatchObject({ code: 403 });
    } finally {
      await bare.close();
    }
  });

  it('adjusts a balance both ways with a reason; a retried request id applies once', async () => {
    const p = await newTestPlayer(t);
    const requestId = randomUUID();
    const body = { username: p.username.toUpperCase(), amount: 12_345, reason: '活动补发', requestId };
    const first = await adminCall(t.app, playersAdmin.balanceAdjust, body);
    expect(first).toEqual({ code: 200, msg: 'ok', data: { username: p.username, amount: 12_345, balance: 12_345 } });
    expect((await adminCall(t.app, playersAdmin.balanceAdjust, body)).data.balance).toBe(12_345);
    expect(await adminCall(t.app, playersAdmin.balanceAdjust, { ...body, amount: 999 })).toMatchObject({ code: 409 });

    const debit = await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: p.username,
      amount: -2_345,
      reason: '扣回',
      requestId: randomUUID(),
    });
    expect(debit.data.balance).toBe(10_000);
    const over = await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: p.username,
      amount: -10_001,
      reason: 'too much',
      requestId: randomUUID(),
    });
    expect(over).toMatchObject({ code: 422, msg: '余额不足' });
    expect(await cashOf(t, p)).toEqual({ balance: 10_000, frozen: 0 });

    const audit = (
      await adminCall(t.app, playersAdmin.auditList, { action: 'balance.adjust', pageSize: 100 })
    ).data.list.filter((a) => a.target === p.username);
    expect(audit).toHaveLength(2);
    expect(audit.find((a) => a.payload.amount === 12_345)).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      payload: { reason: '活动补发' },
    });
    // The balance as it was and as it became, each row its own; the retry left its row alone.
    expect(audit.map((a) => [a.payload.amount, a.before, a.after])).toEqual([
      [-2_345, { balance: 12_345 }, { balance: 10_000 }],
      [12_345, { balance: 0 }, { balance: 12_345 }],
    ]);
  });

  it('adds turnover on a credit when asked', async () => {
    const p = await newTestPlayer(t);
    await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: p.username,
      amount: 10_000,
      reason: '红利',
      requestId: randomUUID(),
      turnoverMultiple: 3,
    });
    const config = (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data;
    expect(config.turnover).toEqual({ required: 30_000, done: 0, left: 30_000 });
  });

  it('waives what is left of the turnover, audited; the player can then withdraw', async () => {
    const p = await newTestPlayer(t);
    await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: p.username,
      amount: 20_000,
      reason: '补单',
      requestId: randomUUID(),
      turnoverMultiple: 1,
    });
    const res = await adminCall(t.app, playersAdmin.turnoverWaive, { username: p.username, reason: '人工审核通过' });
    expect(res).toMatchObject({ code: 200, data: { username: p.username, waived: 20_000 } });
    const config = (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data;
    expect(config.turnover).toEqual({ required: 20_000, done: 20_000, left: 0 });
    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action: 'turnover.waive' });
    expect(audit.data.list[0]).toMatchObject({
      target: p.username,
      payload: { reason: '人工审核通过' },
      before: { turnoverLeft: 20_000 },
      after: { turnoverLeft: 0 },
    });

    const again = await adminCall(t.app, playersAdmin.turnoverWaive, { username: p.username, reason: 'again' });
    expect(again).toMatchObject({ code: 200, data: { waived: 0 } });
    const second = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action: 'turnover.waive' });
    expect(second.data.list[0]).toMatchObject({
      target: p.username,
      payload: { reason: 'again' },
      before: { turnoverLeft: 0 },
      after: { turnoverLeft: 0 },
    });
    expect(await adminCall(t.app, playersAdmin.turnoverWaive, { username: 'nobody404', reason: 'x' })).toMatchObject({
      code: 404,
    });
    expect(await adminCall(t.app, playersAdmin.turnoverWaive, { username: p.username, reason: '' })).toMatchObject({
      code: 400,
      data: { field: 'reason' },
    });
  });

  it.each([
    ['a fractional amount', { amount: 1.5 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['a missing reason', { reason: undefined }, 'reason'],
    ['a blank reason', { reason: '   ' }, 'reason'],
    ['a short request id', { requestId: 'abc' }, 'requestId'],
  ])('refuses %s → 400 naming the field', async (_name, change, field) => {
    const p = await newTestPlayer(t);
    const body = { username: p.username, amount: 100, reason: 'ok', requestId: randomUUID(), ...change };
    const before = await rowCount(t.db, 'admin_audit');
    expect(await adminCall(t.app, playersAdmin.balanceAdjust, body)).toMatchObject({ code: 400, data: { field } });
    expect(await rowCount(t.db, 'admin_audit')).toBe(before);
  });

  it('an unknown player → 404', async () => {
    const res = await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: 'nobody404',
      amount: 100,
      reason: 'x',
      requestId: randomUUID(),
    });
    expect(res).toMatchObject({ code: 404, msg: '用户不存在' });
  });

  it('lists withdrawals by status with the full account, and audits every review', async () => {
    const p = await newTestPlayer(t);
    const address = `T${'A'.repeat(33)}`;
    const accountId = await bindUsdt(t, p, address);
    await fund(t, p.username, 50_000);
    const { orderNo } = (
      await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 20_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      )
    ).data;

    const queue = (await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { status: 'reviewing' })).data.list;
    expect(queue.find((w) => w.orderNo === orderNo)).toMatchObject({
      username: p.username,
      amount: 20_000,
      account: { type: 'usdt', network: 'TRC20', address },
    });
    await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo });
    await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo, reason: '风控' });
    expect(
      (await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { status: 'reviewing' })).data.list.some(
        (w) => w.orderNo === orderNo,
      ),
    ).toBe(false);
    expect(
      (await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { status: 'rejected' })).data.list[0],
    ).toMatchObject({
      orderNo,
      reason: '风控',
    });

    const audit = (await adminCall(t.app, playersAdmin.auditList, { pageSize: 100 })).data.list.filter(
      (a) => a.target === orderNo,
    );
    expect(audit.map((a) => [a.action, a.operator])).toEqual([
      ['withdrawal.reject', operatorCalls.ADMIN_TOKEN_IDENTITY],
      ['withdrawal.approve', operatorCalls.ADMIN_TOKEN_IDENTITY],
    ]);
    expect(audit[0]?.payload).toMatchObject({ reason: '风控', amount: 20_000 });
    // A refused action writes no audit row.
    const before = await rowCount(t.db, 'admin_audit');
    expect((await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo })).code).toBe(409);
    expect(await rowCount(t.db, 'admin_audit')).toBe(before);
  });

  it('confirms a manual deposit once, audited', async () => {
    const p = await newTestPlayer(t);
    const { channels } = (await call(t.app, payments.payConfig, {}, { token: p.token })).data;
    const manual = channels.find((c) => c.adapter === 'manual' && c.openNow);
    if (!manual) throw new Error('no open manual channel seeded');
    const order = await call(
      t.app,
      payments.startPay,
      { channelId: manual.id, amount: manual.minAmount },
      { token: p.token },
    );
    expect(order.code).toBe(200);
    const { orderNo, creditedAmount, bonus } = order.data;
    const queue = (await adminCall(t.app, paymentsAdmin.depositsPending, {})).data.list;
    expect(queue.find((d) => d.orderNo === orderNo)).toMatchObject({
      username: p.username,
      channel: manual.name,
      status: 'PENDING',
    });

    expect(await adminCall(t.app, paymentsAdmin.depositConfirm, { orderNo })).toEqual({
      code: 200,
      msg: 'ok',
      data: { orderNo, status: 'PAID' },
    });
    expect((await cashOf(t, p)).balance).toBe(creditedAmount + bonus);
    expect(
      (await adminCall(t.app, paymentsAdmin.depositsPending, {})).data.list.some((d) => d.orderNo === orderNo),
    ).toBe(false);
    const again = await adminCall(t.app, paymentsAdmin.depositConfirm, { orderNo });
    expect(again).toMatchObject({ code: 409 });
    expect((await cashOf(t, p)).balance).toBe(creditedAmount + bonus);
    expect(await adminCall(t.app, paymentsAdmin.depositConfirm, { orderNo: 'D404' })).toMatchObject({ code: 404 });

    const audit = (await adminCall(t.app, playersAdmin.auditList, { action: 'deposit.confirm' })).data.list;
    expect(audit.filter((a) => a.target === orderNo).map((a) => [a.operator, a.before, a.after])).toEqual([
      [operatorCalls.ADMIN_TOKEN_IDENTITY, { status: 'PENDING' }, { status: 'PAID' }],
    ]);
  });
});
