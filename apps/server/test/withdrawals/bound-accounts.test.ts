import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, withdrawals, withdrawalsAdmin } from '@breakshot/contracts';
import { newOperator, opCall } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall, bindUsdt, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

/*
 * A player's bound withdrawal accounts in the console (docs/design.md §9, "Player risk"): masked as
 * the player sees them; one in full for a reason the audit log keeps, without the number.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());

const CARD = '6222021234567890128'; // 19 digits, Luhn-valid
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('bound accounts', () => {
  it('lists them masked, reveals one in full for a reason, and the audit log keeps the reason, not the number', async () => {
    const p = await newTestPlayer(t);
    const usdt = await bindUsdt(t, p, ADDRESS);
    const bank = await call(
      t.app,
      withdrawals.addAccount,
      {
        type: 'bank',
        bankName: '招商银行',
        holder: '张小三',
        cardNumber: CARD,
        branch: '深圳分行',
        fundPassword: FUND_PASSWORD,
      },
      { token: p.token },
    );
    expect(bank.code, bank.msg).toBe(200);

    const risk = await newOperator(t, 'acct_risk', 'risk');
    const listed = await opCall(t.app, withdrawalsAdmin.playerAccounts, { userId: p.userId }, risk);
    expect(listed.data.list).toMatchObject([
      { id: usdt, type: 'usdt', masked: 'TJRabP…RTv8', network: 'TRC20' },
      { id: bank.data.id, type: 'bank', masked: '****0128', holder: '张*三', bankName: '招商银行' },
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(CARD);

    const reveal = (body: object) => opCall(t.app, withdrawalsAdmin.playerAccountReveal, body, risk);
    const full = await reveal({ userId: p.userId, accountId: bank.data.id, reason: '核对同卡多账户' });
    expect(full.data).toEqual({
      type: 'bank',
      bankName: '招商银行',
      holder: '张小三',
      cardNumber: CARD,
      branch: '深圳分行',
    });
    const audit = await adminCall(t.app, playersAdmin.auditList, { action: 'withdrawals.account.reveal', pageSize: 5 });
    expect(audit.data.list[0]).toMatchObject({
      operator: 'acct_risk',
      target: `user ${p.userId}`,
      payload: { accountId: bank.data.id, type: 'bank', reason: '核对同卡多账户' },
    });
    expect(JSON.stringify(audit.data.list)).not.toContain(CARD);
  });

  it('refuses without a reason, another player’s account, an unknown player, and the content role', async () => {
    const p = await newTestPlayer(t);
    const other = await newTestPlayer(t);
    const theirs = await bindUsdt(t, other);
    const before = await adminCall(t.app, playersAdmin.auditList, {
      action: 'withdrawals.account.reveal',
      pageSize: 100,
    });
    expect(
      (await adminCall(t.app, withdrawalsAdmin.playerAccountReveal, { userId: other.userId, accountId: theirs })).code,
    ).toBe(400);
    const wrong = await adminCall(t.app, withdrawalsAdmin.playerAccountReveal, {
      userId: p.userId,
      accountId: theirs,
      reason: 'x',
    });
    expect(wrong.code).toBe(404);
    expect((await adminCall(t.app, withdrawalsAdmin.playerAccounts, { userId: 9_999_999 })).code).toBe(404);
    const content = await newOperator(t, 'acct_content', 'content');
    expect((await opCall(t.app, withdrawalsAdmin.playerAccounts, { userId: p.userId }, content)).code).toBe(403);
    const after = await adminCall(t.app, playersAdmin.auditList, {
      action: 'withdrawals.account.reveal',
      pageSize: 100,
    });
    expect(after.data.total).toBe(before.data.total);
  });
});
