import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentsAdmin, playersAdmin, payments } from '@breakshot/contracts';
import { payChannels } from '../../src/modules/payments/tables.js';
import { expireDepositsJob } from '../../src/modules/payments/jobs.js';
import { confirmManualDeposit, MAX_PENDING_ORDERS, ORDER_TTL_MS } from '../../src/modules/payments/service.js';
import { runJob } from '../../src/platform/scheduler.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { expectLedgerOk, newPlayer, rowCount, type Player } from '../helpers/wallet.js';

describe('recharge calls', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false, adminToken: ADMIN_TEST_TOKEN });
    p = await newPlayer(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('payConfig lists the seeded channels with limits, presets and rates', async () => {
    const res = await call(t.app, payments.payConfig, {}, { token: p.token });
    expect(res.code).toBe(200);
    expect(res.data.channels.map((c) => [c.name, c.type, c.adapter])).toEqual([
      ['沙盒支付', 'sandbox', 'sandbox'],
      ['USDT-TRC20', 'usdt', 'manual'],
      ['支付宝', 'alipay', 'sandbox'],
      ['微信', 'wechat', 'sandbox'],
      ['银行卡', 'bank', 'manual'],
    ]);
    const [sandbox] = res.data.channels;
    expect(sandbox).toMatchObject({
      recommended: true,
      minAmount: 1_000,
      maxAmount: 5_000_000,
      bonusRate: 100,
      openNow: true,
    });
    for (const c of res.data.channels) {
      for (const preset of c.presets) expect(preset >= c.minAmount && preset <= c.maxAmount).toBe(true);
    }
    expect((await call(t.app, payments.payConfig, {})).code).toBe(401);
  });

  it('bad input on every call → a clear 4xx, nothing written', async () => {
    const sandbox = await channelOf(t.app, p.token, 'sandbox');
    const before = await rowCount(t.db, 'deposit_orders');
    const cases: [unknown, number, string?][] = [
      [{}, 400, 'channelId'],
      [{ channelId: sandbox.id }, 400, 'amount'],
      [{ channelId: 'x', amount: 10_000 }, 400, 'channelId'],
      [{ channelId: sandbox.id, amount: -100 }, 400, 'amount'],
      [{ channelId: sandbox.id, amount: 0 }, 400, 'amount'],
      [{ channelId: sandbox.id, amount: 100.5 }, 400, 'amount'],
      [{ channelId: sandbox.id, amount: '100' }, 400, 'amount'],
      [{ channelId: sandbox.id, amount: 1e20 }, 400, 'amount'],
      [{ channelId: sandbox.id, amount: 10_000, extra: 1 }, 400, 'extra'],
      [{ channelId: 999_999, amount: 10_000 }, 404, 'channelId'],
      [{ channelId: sandbox.id, amount: sandbox.minAmount - 1 }, 422, 'amount'],
      [{ channelId: sandbox.id, amount: sandbox.maxAmount + 1 }, 422, 'amount'],
    ];
    for (const [body, code, field] of cases) {
      const res = await call(t.app, payments.startPay, body, { token: p.token });
      expect([body, res.code]).toEqual([body, code]);
      if (field) expect(res.data).toMatchObject({ field });
    }
    const range = await call(
      t.app,
      payments.startPay,
      { channelId: sandbox.id, amount: 1 },
      { token: p.token, lang: 'en' },
    );
    expect(range.msg).toBe('The amount must be between 10.00 and 50,000.00');

    await t.db.update(payChannels).set({ enabled: false }).where(eq(payChannels.type, 'wechat'));
    const wechat = await t.db.select().from(payChannels).where(eq(payChannels.type, 'wechat'));
    expect(
      (await call(t.app, payments.startPay, { channelId: wechat[0]?.id, amount: 10_000 }, { token: p.token })).code,
    ).toBe(404);
    await t.db.update(payChannels).set({ enabled: true }).where(eq(payChannels.type, 'wechat'));

    const alipay = await channelOf(t.app, p.token, 'alipay');
    const shanghai = (ms: number) =>
      new Date(t.clock.now().getTime() + ms).toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Shanghai',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    // Open an hour from now until two hours from now.
    await t.db
      .update(payChannels)
      .set({ openTime: shanghai(3_600_000), closeTime: shanghai(7_200_000) })
      .where(eq(payChannels.id, alipay.id));
    const closed = await call(t.app, payments.startPay, { channelId: alipay.id, amount: 10_000 }, { token: p.token });
    expect(closed.code).toBe(422);
    expect((await channelOf(t.app, p.token, 'alipay')).openNow).toBe(false);

    for (const body of [{}, { orderNo: '' }, { orderNo: 'x'.repeat(33) }, { orderNo: 5 }]) {
      expect((await call(t.app, payments.details, body, { token: p.token })).code).toBe(400);
    }
    for (const body of [{ page: 0 }, { pageSize: 101 }, { status: 'DONE' }, { page: 1.5 }]) {
      expect((await call(t.app, payments.records, body, { token: p.token })).code).toBe(400);
    }
    expect(await rowCount(t.db, 'deposit_orders')).toBe(before);
  });

  it('records and details belong to the player; another player’s order number → 404', async () => {
    const q = await newPlayer(t);
    const sandbox = await channelOf(t.app, q.token, 'sandbox');
    const first = await startPay(t.app, q.token, sandbox.id, 10_000);
    t.clock.advance(1_000);
    const second = await startPay(t.app, q.token, sandbox.id, 20_000);
    await sandboxCallback(t.app, { orderNo: second.orderNo, amount: 20_000 });

    const all = await call(t.app, payments.records, { page: 1, pageSize: 1 }, { token: q.token });
    expect(all.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(all.data.list).toEqual([
      expect.objectContaining({
        orderNo: second.orderNo,
        status: 'PAID',
        channelName: '沙盒支付',
        channelType: 'sandbox',
      }),
    ]);
    const pending = await call(t.app, payments.records, { status: 'PENDING' }, { token: q.token });
    expect(pending.data.list.map((o) => o.orderNo)).toEqual([first.orderNo]);
    // The time filter: from inclusive, to exclusive — the second order came 1 s after the first.
    const secondAt = new Date(all.data.list[0]!.createdAt);
    const untilSecond = { to: secondAt.toISOString() };
    const early = await call(t.app, payments.records, untilSecond, { token: q.token });
    expect(early.data.list.map((o) => o.orderNo)).toEqual([first.orderNo]);
    const fromSecond = await call(t.app, payments.records, { from: secondAt.toISOString() }, { token: q.token });
    expect(fromSecond.data.list.map((o) => o.orderNo)).toEqual([second.orderNo]);
    expect(await call(t.app, payments.records, { from: 'yesterday' }, { token: q.token })).toMatchObject({
      code: 400,
      data: { field: 'from' },
    });
    expect((await call(t.app, payments.records, {}, { token: p.token })).data.list.map((o) => o.orderNo)).not.toContain(
      first.orderNo,
    );
    const stranger = await call(t.app, payments.details, { orderNo: first.orderNo }, { token: p.token });
    expect(stranger.code).toBe(404);
  });

  it('manual channels give their instructions and wait for the operator', async () => {
    const q = await newPlayer(t);
    const usdt = await channelOf(t.app, q.token, 'usdt');
    const order = await startPay(t.app, q.token, usdt.id, 100_000);
    expect(order.payUrl).toBeNull();
    // ¥1,000.00 at the seeded ¥7.2 per USDT: 138.89 USDT (rounded up), fixed on the order.
    expect(order.instructions).toMatchObject({
      kind: 'usdt',
      network: 'TRC20',
      amount: 100_000,
      usdtAmount: 13_889,
      rate: 7.2,
    });
    expect((await adminCall(t.app, paymentsAdmin.usdtRateSet, { rate: 7.25 })).data).toEqual({
      rate: 7.25,
      previous: 7.2,
    });
    const rateAudit = await adminCall(t.app, playersAdmin.auditList, { action: 'payments.usdt-rate' });
    expect(rateAudit.data.list.map((a) => [a.target, a.before, a.after])).toEqual([
      ['usdt', { rate: 7.2 }, { rate: 7.25 }],
    ]);
    const later = await startPay(t.app, q.token, usdt.id, 100_000);
    expect(later.instructions).toMatchObject({ usdtAmount: 13_794, rate: 7.25 });
    const first = await call(t.app, payments.details, { orderNo: order.orderNo }, { token: q.token });
    expect(first.data.instructions).toMatchObject({ usdtAmount: 13_889, rate: 7.2 });
    expect((await adminCall(t.app, paymentsAdmin.usdtRateSet, { rate: 0 })).code).toBe(400);
    const english = await call(t.app, payments.payConfig, {}, { token: q.token, lang: 'en' });
    expect(english.data.channels.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Alipay', 'WeChat Pay', 'Bank transfer', 'USDT-TRC20']),
    );
    const chinese = await call(t.app, payments.payConfig, {}, { token: q.token });
    expect(chinese.data.channels.map((c) => c.name)).toEqual(expect.arrayContaining(['支付宝', '微信', '银行卡']));
    const bank = await channelOf(t.app, q.token, 'bank');
    const bankOrder = await startPay(t.app, q.token, bank.id, 100_000);
    expect(bankOrder.instructions).toMatchObject({ kind: 'bank', amount: 100_000, reference: bankOrder.orderNo });

    // A gateway callback cannot pay a manual order: only its operator can.
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 100_000 })).body).toMatch(/^fail/);
    expect((await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.orderNo}` })).statusCode).toBe(404);
    await confirmManualDeposit(t.app.ctx, order.orderNo, 'ops1');
    // Once paid, a second confirmation is refused and credits nothing more.
    await expect(confirmManualDeposit(t.app.ctx, order.orderNo, 'ops1')).rejects.toMatchObject({ code: 409 });
    // USDT: 2% bonus.
    expect(await getCashBalance(t.db, q.userId)).toEqual({ balance: 102_000, frozen: 0 });
    await expect(confirmManualDeposit(t.app.ctx, 'D-unknown', 'ops1')).rejects.toMatchObject({ code: 404 });
    const sandbox = await channelOf(t.app, q.token, 'sandbox');
    const online = await startPay(t.app, q.token, sandbox.id, 10_000);
    await expect(confirmManualDeposit(t.app.ctx, online.orderNo, 'ops1')).rejects.toMatchObject({ code: 409 });
  });

  it('the expiry job closes unpaid orders after 30 minutes; a late manual confirmation still credits', async () => {
    const q = await newPlayer(t);
    const sandbox = await channelOf(t.app, q.token, 'sandbox');
    const bank = await channelOf(t.app, q.token, 'bank');
    const online = await startPay(t.app, q.token, sandbox.id, 10_000);
    const manual = await startPay(t.app, q.token, bank.id, 10_000);
    t.clock.advance(ORDER_TTL_MS - 1_000);
    expect(await runJob(t.db, expireDepositsJob, t.clock.now())).toBe(true);
    expect((await call(t.app, payments.details, { orderNo: online.orderNo }, { token: q.token })).data.status).toBe(
      'PENDING',
    );
    t.clock.advance(1_000);
    await runJob(t.db, expireDepositsJob, t.clock.now());
    const expired = await call(t.app, payments.details, { orderNo: online.orderNo }, { token: q.token });
    expect(expired.data.status).toBe('EXPIRED');
    expect(expired.data.payUrl).toBeNull();
    expect(expired.data.timeline.map((s) => s.step)).toEqual(['created', 'expired']);
    await confirmManualDeposit(t.app.ctx, manual.orderNo, 'ops2');
    const late = await call(t.app, payments.details, { orderNo: manual.orderNo }, { token: q.token });
    expect(late.data.timeline.map((s) => s.step)).toEqual(['created', 'expired', 'paid', 'credited']);
  });

  it(`at most ${MAX_PENDING_ORDERS} unpaid orders at once`, async () => {
    const q = await newPlayer(t);
    const sandbox = await channelOf(t.app, q.token, 'sandbox');
    const results = await Promise.all(
      Array.from({ length: MAX_PENDING_ORDERS + 3 }, () =>
        call(t.app, payments.startPay, { channelId: sandbox.id, amount: 10_000 }, { token: q.token }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(MAX_PENDING_ORDERS);
    expect(results.filter((r) => r.code === 422)).toHaveLength(3);
  });
});
