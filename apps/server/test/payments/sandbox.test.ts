import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, payments } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { transfer } from '../../src/modules/wallet/ledger.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { getTurnover } from '../../src/modules/turnover/service.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer, rowCount } from '../helpers/wallet.js';

describe('sandbox gateway', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('the hosted page pays through the signed callback; the balance reaches a live socket', async () => {
    const p = await newPlayer(t);
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, 10_000);
    expect(order.payUrl).toMatch(new RegExp(`^/pay/sandbox/${order.orderNo}\\?ticket=\\d+\\.[0-9a-f]{64}$`));

    const page = await t.app.inject({ method: 'GET', url: order.payUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('100.00');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('(UTC+8)');
    const ticket = new URL(order.payUrl ?? '', 'http://x').searchParams.get('ticket') ?? '';
    expect(page.body).toContain(`action="/pay/sandbox/${order.orderNo}/pay?ticket=${ticket}&lang=zh-CN"`);
    expect(page.body).toContain(`action="/pay/sandbox/${order.orderNo}/fail?ticket=${ticket}&lang=zh-CN"`);

    const live = await openLive(base, await getWssToken(t.app, p.token));
    await waitForSockets(t.app, p.userId, 1);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${order.orderNo}/pay?ticket=${ticket}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.body).toContain('支付成功');
    expect(paid.body).toContain(`/user/cunkuanDetails?orderNo=${order.orderNo}`);
    // Sandbox: 1% bonus → two credits in one ledger statement, one event with the balance after both.
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 10_100 });
    // Then the player's message about it (test/messages has its content).
    expect(JSON.parse(await live.next())).toMatchObject({ type: 'MESSAGE_RECEIVED', unread: { message: 1 } });

    const info = await call(t.app, auth.userInfo, {}, { token: p.token });
    expect(info.data.balance).toBe(10_100);
    const details = await call(t.app, payments.details, { orderNo: order.orderNo }, { token: p.token });
    expect(details.data).toMatchObject({
      status: 'PAID',
      amount: 10_000,
      bonus: 100,
      creditedAmount: 10_000,
      firstDeposit: true,
    });
    expect(details.data.timeline.map((s) => s.step)).toEqual(['created', 'paid', 'credited']);
    expect(await getTurnover(t.db, p.userId)).toMatchObject({ required: 10_100 });

    // A rolled-back transfer sends nothing: the next message is the one of a later committed move.
    await expect(
      inTransaction(t.db, async (tx) => {
        await transfer(tx, t.app.ctx, {
          key: 'rolled-back',
          code: 'deposit',
          debit: { house: 'gateway' },
          credit: { userId: p.userId },
          amount: 1,
          reference: { table: 'deposit_orders', id: order.orderNo },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const second = await startPay(t.app, p.token, channel.id, 2_000);
    expect((await sandboxCallback(t.app, { orderNo: second.orderNo, amount: 2_000 })).body).toBe('success');
    // 20.00 and its 1 % bonus, in one event.
    expect(JSON.parse(await live.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 12_120 });
    const again = await call(t.app, payments.details, { orderNo: second.orderNo }, { token: p.token });
    expect(again.data.firstDeposit).toBe(false);
    live.socket.close(1000);
  });

  it('one callback delivered 10 times at once and 10 times in turn credits once', async () => {
    const p = await newPlayer(t);
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, 50_000);
    const body = { orderNo: order.orderNo, amount: 50_000 };
    const together = await Promise.all(Array.from({ length: 10 }, () => sandboxCallback(t.app, body)));
    expect(together.map((r) => r.body)).toEqual(Array(10).fill('success'));
    for (let i = 0; i < 10; i++) expect((await sandboxCallback(t.app, body)).body).toBe('success');
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 50_500, frozen: 0 });
    await expectLedgerOk(t.db);
  });

  it('refuses a forged signature, a changed amount, an unknown order or merchant, and credits nothing', async () => {
    const p = await newPlayer(t);
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, 20_000);
    const transfers = await rowCount(t.db, 'transfers');
    const refused = [
      await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 20_000 }, 'f'.repeat(64)),
      await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 20_000 }, 'not-hex'),
      await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 2_000_000 }),
      await sandboxCallback(t.app, { orderNo: 'D00000000000000000000', amount: 20_000 }),
      await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 20_000, merchantId: 'someone' }),
      await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 20_000, extra: 1 }),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.body).toMatch(/^fail/);
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/pay/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderNo: order.orderNo }),
    });
    expect(unsigned.body).toMatch(/^fail/);
    expect(await rowCount(t.db, 'transfers')).toBe(transfers);
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 0, frozen: 0 });
    const details = await call(t.app, payments.details, { orderNo: order.orderNo }, { token: p.token });
    expect(details.data.status).toBe('PENDING');
  });

  it('the fail button closes the order without money; a later success is refused', async () => {
    const p = await newPlayer(t);
    const channel = await channelOf(t.app, p.token, 'wechat');
    const order = await startPay(t.app, p.token, channel.id, 10_000);
    const failed = await t.app.inject({ method: 'POST', url: `${order.payUrl?.replace('?', '/fail?')}&lang=en` });
    expect(failed.body).toContain('Payment failed');
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 10_000 })).body).toMatch(/^fail/);
    expect(await getCashBalance(t.db, p.userId)).toEqual({ balance: 0, frozen: 0 });
    const details = await call(t.app, payments.details, { orderNo: order.orderNo }, { token: p.token });
    expect(details.data.timeline.map((s) => s.step)).toEqual(['created', 'failed']);
  });

  it('an unknown order has no page, whatever its number holds', async () => {
    for (const orderNo of ['nope', '%00x', 'D00000000000000000000', 'x'.repeat(90)]) {
      const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${orderNo}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('订单不存在');
    }
  });

  it("pay and fail need the ticket of a live session of the order's own player", async () => {
    const owner = await newPlayer(t);
    const other = await newPlayer(t);
    const channel = await channelOf(t.app, owner.token, 'sandbox');
    const order = await startPay(t.app, owner.token, channel.id, 10_000);
    const ownTicket = new URL(order.payUrl ?? '', 'http://x').searchParams.get('ticket') ?? '';
    // Another player's session, for this order: their own ticket format, minted the same way.
    const theirs = await startPay(t.app, other.token, channel.id, 10_000);
    const otherTicket = new URL(theirs.payUrl ?? '', 'http://x').searchParams.get('ticket') ?? '';
    const [sessionId, mac] = ownTicket.split('.');
    const forged = [
      '',
      '?ticket=',
      `?ticket=${otherTicket}`,
      `?ticket=${sessionId}.${'0'.repeat(64)}`,
      `?ticket=${Number(sessionId) + 1}.${mac}`,
    ];
    const transfers = await rowCount(t.db, 'transfers');
    for (const query of forged) {
      for (const action of ['pay', 'fail']) {
        const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.orderNo}/${action}${query}` });
        expect(res.statusCode, `${action}${query}`).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.orderNo}${query}` })).statusCode).toBe(
        404,
      );
    }
    expect(await rowCount(t.db, 'transfers')).toBe(transfers);
    const still = await call(t.app, payments.details, { orderNo: order.orderNo }, { token: owner.token });
    expect(still.data.status).toBe('PENDING');

    // After logout the owner's own ticket is dead too.
    await call(t.app, auth.userLogout, {}, { token: owner.token });
    const after = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.orderNo}/pay?ticket=${ownTicket}` });
    expect(after.statusCode).toBe(404);
    expect(await getCashBalance(t.db, owner.userId)).toEqual({ balance: 0, frozen: 0 });
  });
});
