import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, paymentsAdmin, playersAdmin, auth, payments, withdrawals } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { getWssToken, openLive, waitForSockets } from '../helpers/live-client.js';
import { channelOf, startPay } from '../helpers/payments.js';
import { call, captchaId, PASSWORD, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';
import { adminCall, bindUsdt, fund, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('operator: channels and players', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('a disabled channel is not offered and cannot be paid into; enabling brings it back; both audited', async () => {
    const p = await newTestPlayer(t);
    const alipay = await channelOf(t.app, p.token, 'alipay');

    const off = await adminCli(url, ['channel-disable', String(alipay.id)]);
    expect(off).toMatchObject({ code: 0, stdout: `channel ${alipay.id} 支付宝: disabled\n` });
    const offered = await call(t.app, payments.payConfig, {}, { token: p.token });
    expect(offered.data.channels.map((c) => c.id)).not.toContain(alipay.id);
    const start = await call(t.app, payments.startPay, { channelId: alipay.id, amount: 10_000 }, { token: p.token });
    expect(start.code).toBe(404);

    const list = await adminCli(url, ['channels']);
    expect(list.stdout).toMatch(new RegExp(`${alipay.id}\\s+支付宝\\s+alipay\\s+sandbox\\s+no`));

    const on = await adminCall(t.app, paymentsAdmin.channelSetEnabled, { id: alipay.id, enabled: true });
    expect(on.data).toMatchObject({ id: alipay.id, enabled: true, available: true });
    expect(await channelOf(t.app, p.token, 'alipay')).toMatchObject({ id: alipay.id });

    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10 });
    const actions = audit.data.list.map((a) => `${a.action} ${a.target}`);
    expect(actions).toEqual(expect.arrayContaining([`channel.disable ${alipay.id}`, `channel.enable ${alipay.id}`]));
    expect((await adminCall(t.app, paymentsAdmin.channelSetEnabled, { id: 999_999, enabled: true })).code).toBe(404);
  });

  it('a disabled player loses every session and live connection at once and cannot log in', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 50_000);
    const live = await openLive(url.replace('http', 'ws'), await getWssToken(t.app, p.token));
    await waitForSockets(t.app, p.userId, 1);

    const off = await adminCli(url, ['player-disable', p.username, '风控', '冻结']);
    expect(off).toMatchObject({ code: 0, stdout: `${p.username}: disabled, 1 sessions ended\n` });
    expect((await live.closed).code).toBe(4000);

    // The old token is dead for reading and for every money call.
    expect((await call(t.app, auth.userInfo, {}, { token: p.token })).code).toBe(401);
    const channel = await call(t.app, payments.startPay, { channelId: 1, amount: 10_000 }, { token: p.token });
    expect(channel.code).toBe(401);
    const withdraw = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 10_000, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(withdraw.code).toBe(401);
    const login = () =>
      captchaId(t.app).then((id) =>
        call(t.app, auth.login, { username: p.username, password: PASSWORD, captchaId: id, captchaCode: TEST_CAPTCHA }),
      );
    expect((await login()).code).toBe(403);

    const on = await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: p.username,
      status: 'active',
      reason: '解除',
    });
    expect(on.data).toMatchObject({ status: 'active', sessionsEnded: 0 });
    expect((await login()).code).toBe(200);

    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action: 'player.disable' });
    expect(audit.data.list[0]).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      target: p.username,
      payload: { reason: '风控 冻结', sessionsEnded: 1 },
    });
    expect((await adminCli(url, ['player-disable', 'nobody123', 'x'])).code).toBe(1);
  });

  it('audits channel and player switches with the state before and after', async () => {
    const p = await newTestPlayer(t);
    const bank = await channelOf(t.app, p.token, 'bank');
    const auditOf = async (action: string, target: string) =>
      (await adminCall(t.app, playersAdmin.auditList, { action, pageSize: 100 })).data.list.filter(
        (a) => a.target === target,
      );

    await adminCall(t.app, paymentsAdmin.channelSetEnabled, { id: bank.id, enabled: false });
    await adminCall(t.app, paymentsAdmin.channelSetEnabled, { id: bank.id, enabled: true });
    expect((await auditOf('channel.disable', String(bank.id))).map((a) => [a.operator, a.before, a.after])).toEqual([
      [operatorCalls.ADMIN_TOKEN_IDENTITY, { enabled: true }, { enabled: false }],
    ]);
    expect((await auditOf('channel.enable', String(bank.id))).map((a) => [a.before, a.after])).toEqual([
      [{ enabled: false }, { enabled: true }],
    ]);

    const reason = { username: p.username, reason: '核查' };
    await adminCall(t.app, playersAdmin.playerSetStatus, { ...reason, status: 'disabled' });
    await adminCall(t.app, playersAdmin.playerSetStatus, { ...reason, status: 'active' });
    expect((await auditOf('player.disable', p.username)).map((a) => [a.payload, a.before, a.after])).toEqual([
      [{ userId: p.userId, reason: '核查', sessionsEnded: 1 }, { status: 'active' }, { status: 'disabled' }],
    ]);
    expect((await auditOf('player.enable', p.username)).map((a) => [a.before, a.after])).toEqual([
      [{ status: 'disabled' }, { status: 'active' }],
    ]);
  });

  it('enables a channel and a player again, and sets the USDT rate of new deposits, from the CLI', async () => {
    const p = await newTestPlayer(t);
    const usdt = await channelOf(t.app, p.token, 'usdt');
    await adminCall(t.app, paymentsAdmin.channelSetEnabled, { id: usdt.id, enabled: false });
    expect(await adminCli(url, ['channel-enable', String(usdt.id)])).toMatchObject({
      code: 0,
      stdout: `channel ${usdt.id} ${usdt.name}: enabled\n`,
    });
    expect(await channelOf(t.app, p.token, 'usdt')).toMatchObject({ id: usdt.id });

    const rate = await adminCli(url, ['usdt-rate', '7.5']);
    expect(rate.code, rate.stderr).toBe(0);
    expect(rate.stdout).toMatch(/^USDT rate 7\.5 \(was \d+(\.\d+)?\)\n$/);
    expect((await startPay(t.app, p.token, usdt.id, 75_000)).instructions).toMatchObject({
      rate: 7.5,
      usdtAmount: 10_000,
    });
    expect((await adminCli(url, ['usdt-rate', 'seven'])).code).toBe(2);

    await adminCall(t.app, playersAdmin.playerSetStatus, { username: p.username, status: 'disabled', reason: '核查' });
    expect((await adminCli(url, ['player-enable', p.username])).code).toBe(2);
    expect(await adminCli(url, ['player-enable', p.username, '核查', '完毕'])).toMatchObject({
      code: 0,
      stdout: `${p.username}: active\n`,
    });
    const login = await call(t.app, auth.login, {
      username: p.username,
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
    });
    expect(login.code).toBe(200);
  });
});
