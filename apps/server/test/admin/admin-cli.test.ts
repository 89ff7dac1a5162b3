import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli as admin, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { payments, withdrawals } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { bindUsdt, cashOf, fund, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('npm run admin', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('lists withdrawals, rejects one with a reason, adjusts a balance and shows the audit log', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 80_000);
    const { orderNo } = (
      await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 30_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      )
    ).data;

    const list = await admin(url, ['withdrawals']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/orderNo\s+user\s+amount\s+fee\s+net\s+status\s+account/);
    expect(list.stdout).toContain(orderNo);
    expect(list.stdout).toMatch(
      new RegExp(`${orderNo}\\s+${p.username}\\s+300\\.00\\s+0\\.00\\s+300\\.00\\s+reviewing\\s+usdt TRC20 T`),
    );

    const reject = await admin(url, ['reject', orderNo, '收款信息', '有误']);
    expect(reject).toMatchObject({ code: 0, stdout: `${orderNo}: rejected\n` });
    expect(await cashOf(t, p)).toEqual({ balance: 80_000, frozen: 0 });
    const details = (await call(t.app, withdrawals.withdrawDetails, { orderNo }, { token: p.token })).data;
    expect(details.reason).toBe('收款信息 有误');

    const adjust = await admin(url, ['adjust', p.username, '-20.5', '扣除', '测试']);
    expect(adjust).toMatchObject({ code: 0, stdout: `${p.username}: -20.50, balance now 779.50\n` });

    const audit = await admin(url, ['audit']);
    expect(audit.stdout).toMatch(new RegExp(`@admin-token\\s+withdrawal\\.reject\\s+${orderNo}`));
    expect(audit.stdout).toMatch(new RegExp(`@admin-token\\s+balance\\.adjust\\s+${p.username}`));
  });

  it('exits non-zero when the server refuses or the command is wrong', async () => {
    const again = await admin(url, ['reject', 'W404', 'no such order']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('404');
    const denied = await admin(url, ['withdrawals'], 'wrong-token');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('403');
    const usage = await admin(url, ['adjust', 'someone', '1.234', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('not an amount in yuan');
    const deposits = await admin(url, ['deposits']);
    expect(deposits).toMatchObject({ code: 0 });
    const help = await admin(url, ['help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('reject <orderNo> <reason…>');
  });

  it('confirms a manual deposit, approves and pays a withdrawal, and waives a turnover', async () => {
    const depositor = await newTestPlayer(t);
    const { channels } = (await call(t.app, payments.payConfig, {}, { token: depositor.token })).data;
    const manual = channels.find((c) => c.adapter === 'manual' && c.openNow)!;
    const deposit = (
      await call(
        t.app,
        payments.startPay,
        { channelId: manual.id, amount: manual.minAmount },
        { token: depositor.token },
      )
    ).data;
    expect(await admin(url, ['confirm-deposit', deposit.orderNo])).toMatchObject({
      code: 0,
      stdout: `${deposit.orderNo}: PAID\n`,
    });
    expect((await cashOf(t, depositor)).balance).toBe(deposit.creditedAmount + deposit.bonus);
    expect((await admin(url, ['deposits'])).stdout).not.toContain(deposit.orderNo);

    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 50_000);
    const { orderNo } = (
      await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 20_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      )
    ).data;
    expect((await admin(url, ['pay', orderNo])).code).toBe(1);
    expect(await admin(url, ['approve', orderNo])).toMatchObject({ code: 0, stdout: `${orderNo}: approved\n` });
    expect(await admin(url, ['pay', orderNo])).toMatchObject({ code: 0, stdout: `${orderNo}: paid\n` });
    expect(await cashOf(t, p)).toEqual({ balance: 30_000, frozen: 0 });
    expect((await admin(url, ['withdrawals', 'paid'])).stdout).toMatch(
      new RegExp(`${orderNo}\\s+${p.username}\\s+200\\.00`),
    );

    const bonus = await admin(url, ['adjust', p.username, '100', '红利', '--turnover', '2']);
    expect(bonus).toMatchObject({ code: 0, stdout: `${p.username}: +100.00, balance now 400.00\n` });
    const turnoverLeft = async () =>
      (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.turnover.left;
    expect(await turnoverLeft()).toBe(20_000);
    expect((await admin(url, ['waive-turnover', p.username])).code).toBe(2);
    expect(await admin(url, ['waive-turnover', p.username, '人工', '审核'])).toMatchObject({
      code: 0,
      stdout: `${p.username}: turnover waived 200.00\n`,
    });
    expect(await turnoverLeft()).toBe(0);
  });
});
