import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalsAdmin, withdrawals } from '@breakshot/contracts';
import { addTurnoverRequirement, reduceTurnover } from '../../src/modules/turnover/service.js';
import { setWithdrawalsPerDay, updateWithdrawSettings } from '../../src/modules/withdrawals/settings.js';
import { inTransaction } from '../../src/platform/db.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { call, type TestApp } from '../helpers/test-app.js';
import {
  adminCall,
  cashOf,
  FUND_PASSWORD,
  newTestPlayer,
  readyWithdrawer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';

describe('withdrawals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const readyPlayer = (balance = 100_000) => readyWithdrawer(t, balance);
  const withdraw = (p: TestPlayer, body: object) =>
    call(t.app, withdrawals.addWithdraw, { fundPassword: FUND_PASSWORD, ...body }, { token: p.token });

  it('config shows balance, limits, fee, daily count and turnover', async () => {
    const { p } = await readyPlayer(123_456);
    const { data } = await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token });
    expect(data).toEqual({
      balance: 123_456,
      frozen: 0,
      withdrawable: 123_456,
      minAmount: 10_000,
      maxAmount: 5_000_000,
      feeRateBps: 0,
      feeMinAmount: 0,
      dailyCount: 3,
      usedToday: 0,
      turnover: { required: 0, done: 0, left: 0 },
      hasFundPassword: true,
      locked: null,
      // No fee waiver (优惠 提款) applied for this week.
      feeWaiver: null,
      kycRequiredAmount: 0,
      kycStatus: 'none',
    });
  });

  it('freezes the amount under review; records and details show it masked with its timeline', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const res = await withdraw(p, { accountId, amount: 30_000 });
    expect(res).toMatchObject({ code: 200, data: { status: 'reviewing' } });
    expect(res.data.orderNo).toMatch(/^W\d{20}$/);
    expect(await cashOf(t, p)).toEqual({ balance: 70_000, frozen: 30_000 });

    const records = await call(t.app, withdrawals.withdrawRecords, { page: 1, pageSize: 20 }, { token: p.token });
    expect(records.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(records.data.list[0]).toMatchObject({
      orderNo: res.data.orderNo,
      amount: 30_000,
      feeAmount: 0,
      netAmount: 30_000,
      status: 'reviewing',
    });
    expect(records.data.list[0]?.account).toMatchObject({ type: 'usdt', network: 'TRC20' });
    expect(records.data.list[0]?.account.masked).toMatch(/^T\w{5}….{4}$/);

    const details = await call(t.app, withdrawals.withdrawDetails, { orderNo: res.data.orderNo }, { token: p.token });
    expect(details.data.timeline.map((s) => s.status)).toEqual(['reviewing']);
    const other = await newTestPlayer(t);
    expect(
      await call(t.app, withdrawals.withdrawDetails, { orderNo: res.data.orderNo }, { token: other.token }),
    ).toMatchObject({
      code: 404,
    });
    const paid = await call(
      t.app,
      withdrawals.withdrawRecords,
      { page: 1, pageSize: 20, status: 'paid' },
      { token: p.token },
    );
    expect(paid.data.total).toBe(0);
    // From inclusive, to exclusive, as instants.
    const now = t.clock.now().getTime();
    const around = { from: new Date(now - 60_000).toISOString(), to: new Date(now + 60_000).toISOString() };
    const inRange = await call(t.app, withdrawals.withdrawRecords, around, { token: p.token });
    expect(inRange.data.total).toBe(1);
    const endsBefore = { from: '2020-01-01T00:00:00Z', to: new Date(now - 60_000).toISOString() };
    const before = await call(t.app, withdrawals.withdrawRecords, endsBefore, { token: p.token });
    expect(before.data.total).toBe(0);
    const bad = await call(t.app, withdrawals.withdrawRecords, { from: '2020-02-30' }, { token: p.token });
    expect(bad).toMatchObject({ code: 400, data: { field: 'from' } });
  });

  it('takes the fee from the amount', async () => {
    await updateWithdrawSettings(t.db, { feeRateBps: 150, feeMinAmount: 200 });
    try {
      const { p, accountId } = await readyPlayer(100_000);
      const big = await withdraw(p, { accountId, amount: 50_000 });
      const small = await withdraw(p, { accountId, amount: 10_000 });
      const list = (await call(t.app, withdrawals.withdrawRecords, {}, { token: p.token })).data.list;
      expect(list.find((r) => r.orderNo === big.data.orderNo)).toMatchObject({ feeAmount: 750, netAmount: 49_250 });
      expect(list.find((r) => r.orderNo === small.data.orderNo)).toMatchObject({ feeAmount: 200, netAmount: 9_800 });
      expect(await cashOf(t, p)).toEqual({ balance: 40_000, frozen: 60_000 });
    } finally {
      await updateWithdrawSettings(t.db, { feeRateBps: 0, feeMinAmount: 0 });
    }
  });

  it.each([
    ['a fraction', 10_000.5, '须为整数金额'],
    ['a negative amount', -10_000, '须大于 0'],
    ['zero', 0, '须大于 0'],
    ['a string', '10000', '格式不正确'],
  ])('refuses %s → 400 on amount, nothing written', async (_name, amount, text) => {
    const { p, accountId } = await readyPlayer();
    const before = await rowCount(t.db, 'withdrawal_orders');
    const res = await withdraw(p, { accountId, amount });
    expect(res).toMatchObject({ code: 400, msg: `金额: ${text}`, data: { field: 'amount' } });
    expect(await rowCount(t.db, 'withdrawal_orders')).toBe(before);
  });

  it('refuses amounts past the limits, past the balance, with turnover left or beyond today’s count → 422', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const before = await rowCount(t.db, 'withdrawal_orders');
    expect(await withdraw(p, { accountId, amount: 9_999 })).toMatchObject({ code: 422, msg: '单笔最低提款 ¥100.00' });
    expect(await withdraw(p, { accountId, amount: 5_000_001 })).toMatchObject({
      code: 422,
      msg: '单笔最高提款 ¥50,000.00',
    });
    expect(await withdraw(p, { accountId, amount: 100_001 })).toMatchObject({ code: 422, msg: '余额不足' });
    expect(await rowCount(t.db, 'withdrawal_orders')).toBe(before);
    expect(await cashOf(t, p)).toEqual({ balance: 100_000, frozen: 0 });

    for (let i = 0; i < 3; i += 1) expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(200);
    expect(await withdraw(p, { accountId, amount: 10_000 })).toMatchObject({
      code: 422,
      msg: '今日提款次数已用完（每日 3 次）',
    });
    const config = (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data;
    expect(config).toMatchObject({ usedToday: 3, dailyCount: 3 });
    // Tomorrow the count starts again.
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(200);
  });

  it('a rejected withdrawal gives its daily slot back; a higher VIP level gets more', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    await setWithdrawalsPerDay(t.db, 0, 1);
    try {
      const first = await withdraw(p, { accountId, amount: 10_000 });
      expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(422);
      await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: first.data.orderNo, reason: '测试' });
      expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(200);
    } finally {
      await setWithdrawalsPerDay(t.db, 0, 3);
    }
  });

  it('needs the turnover met: deposits add to it, valid bets reduce it', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const ref = { table: 'test_deposit', id: p.userId };
    await inTransaction(t.db, (tx) =>
      addTurnoverRequirement(tx, { userId: p.userId, amount: 50_000, source: 'deposit', reference: ref }),
    );
    // The same reference again changes nothing.
    await inTransaction(t.db, (tx) =>
      addTurnoverRequirement(tx, { userId: p.userId, amount: 50_000, source: 'deposit', reference: ref }),
    );
    const res = await withdraw(p, { accountId, amount: 10_000 });
    expect(res).toMatchObject({ code: 422, msg: '还需完成流水 ¥500.00 才能提款' });
    let config = (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data;
    expect(config).toMatchObject({ turnover: { required: 50_000, done: 0, left: 50_000 }, withdrawable: 0 });

    await inTransaction(t.db, (tx) =>
      reduceTurnover(tx, { userId: p.userId, validBet: 30_000, reference: { table: 'test_bets', id: 1 } }),
    );
    await inTransaction(t.db, (tx) =>
      reduceTurnover(tx, { userId: p.userId, validBet: 30_000, reference: { table: 'test_bets', id: 2 } }),
    );
    config = (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data;
    expect(config).toMatchObject({ turnover: { required: 50_000, done: 50_000, left: 0 }, withdrawable: 100_000 });
    expect((await withdraw(p, { accountId, amount: 10_000 })).code).toBe(200);
  });

  it('the operator approves and pays, or rejects with a reason the player sees and the money back', async () => {
    const { p, accountId } = await readyPlayer(100_000);
    const paid = (await withdraw(p, { accountId, amount: 40_000 })).data.orderNo;
    const rejected = (await withdraw(p, { accountId, amount: 20_000 })).data.orderNo;
    expect(await cashOf(t, p)).toEqual({ balance: 40_000, frozen: 60_000 });

    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo: paid })).toMatchObject({ code: 409 });
    expect((await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: paid })).data.status).toBe(
      'approved',
    );
    expect((await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo: paid })).data.status).toBe('paid');
    expect(await cashOf(t, p)).toEqual({ balance: 40_000, frozen: 20_000 });
    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: paid, reason: 'late' })).toMatchObject({
      code: 409,
      msg: '订单状态已变更（当前：paid），请刷新',
    });

    const reject = await adminCall(t.app, withdrawalsAdmin.withdrawalReject, {
      orderNo: rejected,
      reason: '收款地址有误',
    });
    expect(reject).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect(await cashOf(t, p)).toEqual({ balance: 60_000, frozen: 0 });
    expect(
      await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: rejected, reason: 'again' }),
    ).toMatchObject({
      code: 409,
    });
    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: 'W0' })).toMatchObject({ code: 404 });

    const details = (await call(t.app, withdrawals.withdrawDetails, { orderNo: rejected }, { token: p.token })).data;
    expect(details).toMatchObject({ status: 'rejected', reason: '收款地址有误' });
    expect(details.timeline.map((s) => s.status)).toEqual(['reviewing', 'rejected']);
    const paidDetails = (await call(t.app, withdrawals.withdrawDetails, { orderNo: paid }, { token: p.token })).data;
    expect(paidDetails.timeline.map((s) => s.status)).toEqual(['reviewing', 'approved', 'paid']);
    await expectLedgerOk(t.db);
  });
});
