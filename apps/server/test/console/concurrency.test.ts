import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdmin, playersAdmin, withdrawalsAdmin, operatorsAdmin, withdrawals } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { channelOf, startPay } from '../helpers/payments.js';
import { newOperator, opCall } from '../helpers/operators.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import {
  adminCall,
  bindUsdt,
  cashOf,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
} from '../helpers/withdrawals.js';

/** Twenty operators (or double clicks) at once: each change happens once, the money moves once. */
describe('console actions twenty at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('confirming one manual deposit twenty times credits it once', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const bank = await channelOf(t.app, p.token, 'bank');
    const order = await startPay(t.app, p.token, bank.id, 10_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => adminCall(t.app, paymentsAdmin.depositConfirm, { orderNo: order.orderNo })),
    );
    expect(results.filter((r) => r.code === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.code === 200 || r.code === 409)).toBe(true);
    const audit = (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 50, target: order.orderNo }))
      .data;
    expect(audit.total).toBe(1);
    const deposits = await adminCall(t.app, paymentsAdmin.depositsList, { page: 1, pageSize: 5, username: p.username });
    expect(deposits.data.list[0]).toMatchObject({ status: 'PAID' });
    expect((await cashOf(t, p)).balance).toBe(deposits.data.list[0]!.creditedAmount);
  });

  it('paying or rejecting one withdrawal twenty times each: exactly one of them happens', async () => {
    const p = await newTestPlayer(t);
    await fund(t, p.username, 30_000);
    const accountId = await bindUsdt(t, p);
    const { data } = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 30_000, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: data.orderNo });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo: data.orderNo })
          : adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: data.orderNo, reason: 'x' }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    const cash = await cashOf(t, p);
    expect(cash.frozen).toBe(0);
    expect([0, 30_000]).toContain(cash.balance);
  });

  it('disabling one operator twenty times at once leaves one account disabled and no error', async () => {
    const boss = await newOperator(t, 'boss-c', 'admin');
    await newOperator(t, 'clerk-c', 'risk');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        opCall(
          t.app,
          operatorsAdmin.operatorSetStatus,
          { username: 'clerk-c', status: 'disabled', reason: 'x' },
          { session: boss.session },
        ),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    const list = (await opCall(t.app, operatorsAdmin.operatorsList, {}, { session: boss.session })).data.list;
    expect(list.find((o) => o.username === 'clerk-c')).toMatchObject({ status: 'disabled' });
  });
});
