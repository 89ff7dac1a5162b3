import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, withdrawalsAdmin, inbox, messagesAdmin, withdrawals } from '@breakshot/contracts';
import { createNotice } from '../../src/modules/content/service.js';
import { creditDeposit } from '../../src/modules/payments/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { call, type TestApp } from '../helpers/test-app.js';
import {
  adminCall,
  bindUsdt,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';

describe('inbox', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const messagesOf = async (p: TestPlayer, lang?: string) =>
    (await call(t.app, inbox.userMessage, { tab: 'message' }, { token: p.token, ...(lang ? { lang } : {}) })).data;
  const unread = async (p: TestPlayer) =>
    (await call(t.app, inbox.userMessageUnreadCount, {}, { token: p.token })).data;
  const sendTo = async (username: string, title = 'Hello', body = 'A message for you only') => {
    const res = await adminCall(t.app, messagesAdmin.messageSend, { audience: 'player', username, title, body });
    expect(res.code).toBe(200);
    return res.data;
  };
  const broadcast = async (title: string, body = 'For everyone') => {
    const res = await adminCall(t.app, messagesAdmin.messageSend, { audience: 'all', title, body });
    expect(res.code).toBe(200);
    return res.data;
  };

  it("a message to player A: B neither lists, reads, marks nor deletes it, and A's marks stay A's", async () => {
    const a = await newTestPlayer(t, { fundPassword: false });
    const b = await newTestPlayer(t, { fundPassword: false });
    const sent = await sendTo(a.username, 'Only A', 'Secret <b>text</b><script>alert(1)</script>');

    const listA = await messagesOf(a);
    expect(listA.list.map((m) => m.id)).toContain(sent.id);
    expect((await messagesOf(b)).list.map((m) => m.id)).not.toContain(sent.id);

    const asB = { token: b.token };
    expect(await call(t.app, inbox.userMessage, { tab: 'message', id: sent.id }, asB)).toMatchObject({ code: 404 });
    expect(await call(t.app, inbox.userMessageAsRead, { tab: 'message', ids: [sent.id] }, asB)).toMatchObject({
      code: 404,
    });
    expect(await call(t.app, inbox.userMessageAsDelete, { ids: [sent.id] }, asB)).toMatchObject({ code: 404 });
    // Marking all of B's messages read leaves A's unread.
    await call(t.app, inbox.userMessageAsRead, { tab: 'message', all: true }, asB);
    expect((await messagesOf(a)).list.find((m) => m.id === sent.id)?.read).toBe(false);

    // A opens it: the body is sanitized; A marks it read, then deletes it.
    const one = await call(t.app, inbox.userMessage, { tab: 'message', id: sent.id }, { token: a.token });
    expect(one.data.list[0]).toMatchObject({ title: 'Only A', read: false, kind: 'operator' });
    expect(one.data.list[0]?.body).toBe('Secret <b>text</b>');
    expect(one.data.list[0]?.summary).toBe('Secret text');
    const before = await unread(a);
    const afterRead = await call(
      t.app,
      inbox.userMessageAsRead,
      { tab: 'message', ids: [sent.id] },
      { token: a.token },
    );
    expect(afterRead.data.message).toBe(before.message - 1);
    expect((await messagesOf(a)).list.find((m) => m.id === sent.id)?.read).toBe(true);
    await call(t.app, inbox.userMessageAsDelete, { ids: [sent.id] }, { token: a.token });
    expect((await messagesOf(a)).list.map((m) => m.id)).not.toContain(sent.id);
    expect(await call(t.app, inbox.userMessage, { tab: 'message', id: sent.id }, { token: a.token })).toMatchObject({
      code: 404,
    });
  });

  it('a broadcast is one row; every player sees it once, with read and deleted marks of their own', async () => {
    const players = [
      await newTestPlayer(t, { fundPassword: false }),
      await newTestPlayer(t, { fundPassword: false }),
      await newTestPlayer(t, { fundPassword: false }),
    ];
    const [a, b, c] = players as [TestPlayer, TestPlayer, TestPlayer];
    const rowsBefore = await rowCount(t.db, 'messages');
    const sent = await broadcast('Maintenance tonight');
    expect(await rowCount(t.db, 'messages')).toBe(rowsBefore + 1);
    expect(sent.username).toBeNull();

    for (const p of players) {
      const ids = (await messagesOf(p)).list.map((m) => m.id);
      expect(ids.filter((id) => id === sent.id)).toHaveLength(1);
    }
    const bUnread = (await unread(b)).message;
    await call(t.app, inbox.userMessageAsRead, { tab: 'message', ids: [sent.id] }, { token: a.token });
    expect((await messagesOf(a)).list.find((m) => m.id === sent.id)?.read).toBe(true);
    expect((await messagesOf(b)).list.find((m) => m.id === sent.id)?.read).toBe(false);
    expect((await unread(b)).message).toBe(bUnread);

    await call(t.app, inbox.userMessageAsDelete, { ids: [sent.id] }, { token: b.token });
    expect((await messagesOf(b)).list.map((m) => m.id)).not.toContain(sent.id);
    expect((await messagesOf(c)).list.map((m) => m.id)).toContain(sent.id);
    expect((await messagesOf(a)).list.map((m) => m.id)).toContain(sent.id);

    const list = await adminCall(t.app, messagesAdmin.messagesSent, { page: 1, pageSize: 20 });
    expect(list.data.list.find((m) => m.id === sent.id)).toMatchObject({ readCount: 1, username: null });

    // Withdrawn: nobody sees it any more, and it no longer counts as unread.
    const cUnread = (await unread(c)).message;
    const withdrawn = await adminCall(t.app, messagesAdmin.messageWithdraw, { id: sent.id });
    expect(withdrawn.data.withdrawnAt).not.toBeNull();
    for (const p of players) expect((await messagesOf(p)).list.map((m) => m.id)).not.toContain(sent.id);
    expect((await unread(c)).message).toBe(cUnread - 1);
    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, target: String(sent.id) });
    expect(audit.data.list.map((r) => r.action)).toEqual(expect.arrayContaining(['message.send', 'message.withdraw']));
  });

  it('a sandbox deposit writes "deposit credited" with the live count; a rolled-back credit writes none', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, 10_000);
    const live = await openLive(base, await getWssToken(t.app, p.token));
    await waitForSockets(t.app, p.userId, 1);
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 10_000 })).statusCode).toBe(200);
    // The balance (the credit and its bonus in one), then the message.
    const events = [await live.next(), await live.next()].map((e) => JSON.parse(e));
    const unreadNow = await unread(p);
    expect(events).toContainEqual({ type: 'MESSAGE_RECEIVED', unread: unreadNow });
    live.socket.close();

    const [msg] = (await messagesOf(p)).list;
    expect(msg).toMatchObject({
      kind: 'deposit_credited',
      title: '充值到账',
      read: false,
      link: `/user/cunkuanDetails?orderNo=${order.orderNo}`,
    });
    expect(msg?.summary).toContain(order.orderNo);
    expect(msg?.summary).toContain('101.00'); // 100.00 and the sandbox's 1 % bonus
    const en = (await messagesOf(p, 'en')).list[0];
    expect(en?.title).toBe('Deposit credited');

    const second = await startPay(t.app, p.token, channel.id, 20_000);
    const rowsBefore = await rowCount(t.db, 'messages');
    await expect(
      inTransaction(t.db, async (tx) => {
        expect(await creditDeposit(tx, t.app.ctx, second.orderNo, ['PENDING'])).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowCount(t.db, 'messages')).toBe(rowsBefore);
  });

  it('a withdrawal paid and one rejected each write a message; the rejection carries the reason', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 100_000);
    const withdraw = async () => {
      const res = await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 20_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      );
      expect(res.code).toBe(200);
      return res.data.orderNo;
    };
    const paid = await withdraw();
    await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo: paid });
    await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo: paid });
    const rejected = await withdraw();
    await adminCall(t.app, withdrawalsAdmin.withdrawalReject, { orderNo: rejected, reason: 'Name <i>mismatch</i>' });

    const list = (await messagesOf(p)).list;
    expect(list.map((m) => m.kind)).toEqual(['withdrawal_rejected', 'withdrawal_paid']);
    expect(list[1]?.summary).toContain(paid);
    const rejection = await call(
      t.app,
      inbox.userMessage,
      { tab: 'message', id: list[0]!.id },
      { token: p.token, lang: 'en' },
    );
    expect(rejection.data.list[0]?.title).toBe('Withdrawal rejected');
    // The reason is text, escaped: never markup.
    expect(rejection.data.list[0]?.body).toContain('Reason: Name &lt;i&gt;mismatch&lt;/i&gt;');
    expect(rejection.data.list[0]?.body).toContain('200.00');
  });

  it('announcements: each player reads their own; the unread count adds them to the messages', async () => {
    const a = await newTestPlayer(t, { fundPassword: false });
    const b = await newTestPlayer(t, { fundPassword: false });
    const id = await createNotice(t.db, {
      type: 'notice',
      zh: { title: '新公告', summary: '摘要', body: '<p>正文</p>' },
      publishedAt: t.clock.now(),
    });
    const start = await unread(a);
    expect(start.total).toBe(start.notice + start.message);
    const notices = (await call(t.app, inbox.userMessage, { tab: 'notice' }, { token: a.token })).data;
    expect(notices.list[0]).toMatchObject({ id, tab: 'notice', read: false, title: '新公告' });
    expect(notices.total).toBe(start.notice);

    const opened = await call(t.app, inbox.userMessage, { tab: 'notice', id }, { token: a.token });
    expect(opened.data.list[0]?.body).toBe('<p>正文</p>');
    const after = await call(t.app, inbox.userMessageAsRead, { tab: 'notice', ids: [id] }, { token: a.token });
    expect(after.data.notice).toBe(start.notice - 1);
    expect((await unread(b)).notice).toBe(start.notice);

    const all = await call(t.app, inbox.userMessageAsRead, { tab: 'notice', all: true }, { token: a.token });
    expect(all.data.notice).toBe(0);
    expect((await unread(b)).notice).toBe(start.notice);
    const banner = await createNotice(t.db, {
      type: 'banner',
      zh: { title: 'Banner', summary: 's', body: 'b' },
      publishedAt: t.clock.now(),
    });
    expect(await call(t.app, inbox.userMessage, { tab: 'notice', id: banner }, { token: a.token })).toMatchObject({
      code: 404,
    });
    expect(
      await call(t.app, inbox.userMessageAsRead, { tab: 'notice', ids: [banner] }, { token: a.token }),
    ).toMatchObject({ code: 404 });
  });

  it('refuses bad requests with 400 naming the field, and players need a session', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const asP = { token: p.token };
    expect(await call(t.app, inbox.userMessageAsRead, { tab: 'message' }, asP)).toMatchObject({ code: 400 });
    expect(await call(t.app, inbox.userMessageAsRead, { tab: 'message', ids: [1], all: true }, asP)).toMatchObject({
      code: 400,
    });
    expect(await call(t.app, inbox.userMessageAsDelete, { ids: [] }, asP)).toMatchObject({ code: 400 });
    expect(await call(t.app, inbox.userMessage, { tab: 'spam' }, asP)).toMatchObject({ code: 400 });
    expect(await call(t.app, inbox.userMessageUnreadCount, {})).toMatchObject({ code: 401 });
    const noUser = await adminCall(t.app, messagesAdmin.messageSend, { audience: 'player', title: 'x', body: 'y' });
    expect(noUser).toMatchObject({ code: 400 });
    const unknown = await adminCall(t.app, messagesAdmin.messageSend, {
      audience: 'player',
      username: 'nobody000',
      title: 'x',
      body: 'y',
    });
    expect(unknown).toMatchObject({ code: 404 });
  });
});
