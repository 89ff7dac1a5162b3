import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, withdrawalsAdmin, withdrawals } from '@breakshot/contracts';
import { newOperator } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import {
  adminCall,
  ADMIN_TEST_TOKEN,
  bindUsdt,
  cashOf,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
} from '../helpers/withdrawals.js';

/** Above the threshold a withdrawal needs two different approvers: console operators, or the token and one. */
describe('withdrawals above the dual-approval amount', () => {
  let t: TestApp;
  /** Console sessions of finance operators alice, bob, carol, dave and erin. */
  const as: Record<string, { session: string }> = {};
  beforeAll(async () => {
    t = await startWithdrawApp();
    const set = await adminCall(t.app, withdrawalsAdmin.dualApprovalSet, { dualApprovalAmount: 50_000 });
    expect(set).toMatchObject({ code: 200, data: { dualApprovalAmount: 50_000 } });
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin'])
      as[name] = { session: (await newOperator(t, name, 'finance')).session };
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  async function withdrawal(amount: number) {
    const p = await newTestPlayer(t);
    await fund(t, p.username, amount);
    const accountId = await bindUsdt(t, p);
    const res = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    if (res.code !== 200) throw new Error(res.msg);
    return { p, orderNo: res.data.orderNo };
  }

  const row = async (orderNo: string) =>
    (await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { page: 1, pageSize: 100 })).data.list.find(
      (w) => w.orderNo === orderNo,
    )!;

  it('the same operator approving twice is refused; a second operator approves; then it can be paid', async () => {
    const { p, orderNo } = await withdrawal(60_000);
    expect(await row(orderNo)).toMatchObject({
      approvalsNeeded: 2,
      approvals: [],
      risk: expect.arrayContaining(['large_amount']),
    });

    const first = await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.alice);
    expect(first).toMatchObject({ code: 200, data: { status: 'reviewing' } });
    expect((await row(orderNo)).approvals).toEqual([{ operator: 'alice', at: expect.any(String) }]);

    // Paying needs the order approved: one approval is not enough.
    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo }, as.bob)).toMatchObject({ code: 409 });
    const again = await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.alice);
    expect(again).toMatchObject({ code: 409, msg: '大额提现需由另一位操作员复核，您已审批过此单' });
    expect((await row(orderNo)).status).toBe('reviewing');

    const second = await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.bob);
    expect(second).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect((await row(orderNo)).approvals.map((a) => a.operator)).toEqual(['alice', 'bob']);
    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo }, as.carol)).toMatchObject({
      data: { status: 'paid' },
    });
    expect(await cashOf(t, p)).toEqual({ balance: 0, frozen: 0 });

    const audit = (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 20, target: orderNo })).data
      .list;
    expect(audit.map((a) => [a.operator, a.action, a.before?.status, a.after?.status])).toEqual([
      ['carol', 'withdrawal.pay', 'approved', 'paid'],
      ['bob', 'withdrawal.approve', 'reviewing', 'approved'],
      ['alice', 'withdrawal.approve', 'reviewing', 'reviewing'],
    ]);
  });

  it('at or below the amount one approval is enough', async () => {
    const { orderNo } = await withdrawal(50_000);
    expect((await row(orderNo)).approvalsNeeded).toBe(1);
    const res = await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.alice);
    expect(res).toMatchObject({ code: 200, data: { status: 'approved' } });
  });

  it('two operators approving at once: one is first, the other second, and the order is approved', async () => {
    const { orderNo } = await withdrawal(70_000);
    const results = await Promise.all([
      adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.dave),
      adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.erin),
    ]);
    expect(results.map((r) => r.data.status).sort()).toEqual(['approved', 'reviewing']);
    expect((await row(orderNo)).status).toBe('approved');
  });

  it('the operator token is one approver whatever its holder claims: twice is refused, with a console operator it is two', async () => {
    const { orderNo } = await withdrawal(80_000);
    const byToken = () => adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo });
    expect(await byToken()).toMatchObject({ code: 200, data: { status: 'reviewing' } });
    // The header that once named the token's holder changes nothing now.
    const claimed = await t.app.inject({
      method: 'POST',
      url: operatorCalls.ADMIN_PREFIX + withdrawalsAdmin.withdrawalApprove.path,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN, 'x-admin-operator': 'bob' },
      payload: { orderNo },
    });
    expect(claimed.json()).toMatchObject({ code: 409 });
    expect(await byToken()).toMatchObject({ code: 409 });
    expect((await row(orderNo)).approvals).toEqual([
      { operator: operatorCalls.ADMIN_TOKEN_IDENTITY, at: expect.any(String) },
    ]);

    expect(await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo }, as.bob)).toMatchObject({
      data: { status: 'approved' },
    });
    expect((await row(orderNo)).approvals.map((a) => a.operator)).toEqual([operatorCalls.ADMIN_TOKEN_IDENTITY, 'bob']);
  });

  it('the reviewer sees the hints: a first withdrawal of a new account to a new address, more than deposited', async () => {
    const { orderNo } = await withdrawal(10_000);
    const w = await row(orderNo);
    expect(w.risk).toEqual(['first_withdrawal', 'new_account', 'new_payout_account', 'more_than_deposited']);
    expect(w.turnoverLeft).toBe(0);
  });
});
