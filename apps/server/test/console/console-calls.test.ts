import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, contentAdmin, paymentsAdmin, content } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { ADMIN_TEST_TOKEN, adminCall, fund, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('operator console calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('dashboard: today counts a paid deposit, a new player and a waiting manual deposit', async () => {
    const first = await adminCall(t.app, playersAdmin.dashboard, {});
    expect(first).toMatchObject({ code: 200 });
    const before = first.data;
    expect(before.days).toHaveLength(14);
    expect(before.days.at(-1)).toEqual(before.today);

    const p = await newTestPlayer(t, { fundPassword: false });
    const sandbox = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, sandbox.id, 30_000);
    expect((await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 30_000 })).statusCode).toBe(200);
    const bank = await channelOf(t.app, p.token, 'bank');
    await startPay(t.app, p.token, bank.id, 100_000);

    const after = (await adminCall(t.app, playersAdmin.dashboard, {})).data;
    expect(after.today.depositAmount - before.today.depositAmount).toBe(30_000);
    expect(after.today.depositCount - before.today.depositCount).toBe(1);
    expect(after.today.newPlayers - before.today.newPlayers).toBe(1);
    expect(after.queues.manualDeposits - before.queues.manualDeposits).toBe(1);
    expect(after.queues.newestAt).not.toBeNull();
    expect((await adminCall(t.app, playersAdmin.queues, {})).data).toEqual(after.queues);
  });

  it('players: search by part of the name, the detail with money, totals and the device it logged in from', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    await fund(t, p.username, 12_300);
    const found = await adminCall(t.app, playersAdmin.playersList, {
      page: 1,
      pageSize: 10,
      q: p.username.slice(2).toUpperCase(),
    });
    expect(found.data.list).toEqual([
      expect.objectContaining({
        username: p.username,
        balance: 12_300,
        status: 'active',
        lastLoginAt: expect.any(String),
      }),
    ]);
    const detail = (await adminCall(t.app, playersAdmin.playerDetail, { username: p.username })).data;
    expect(detail).toMatchObject({ username: p.username, balance: 12_300, frozen: 0, turnoverLeft: 0 });
    expect(detail.sessions[0]).toMatchObject({ ip: '127.0.0.1', userAgent: 'lightMyRequest', live: true });
    const ledger = (await adminCall(t.app, playersAdmin.playerLedger, { username: p.username, page: 1, pageSize: 10 }))
      .data;
    expect(ledger.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['adjustment', 12_300, 12_300]]);
    expect(await adminCall(t.app, playersAdmin.playerDetail, { username: 'nobody-here' })).toMatchObject({ code: 404 });
  });

  it('deposits: every order with filters, and each callback as it came and what became of it', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const sandbox = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, sandbox.id, 5_000);
    await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 5_000 }, 'forged');
    await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 5_000 });
    await sandboxCallback(t.app, { orderNo: order.orderNo, amount: 5_000 });

    const list = await adminCall(t.app, paymentsAdmin.depositsList, { page: 1, pageSize: 10, username: p.username });
    expect(list.data.list).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, status: 'PAID', adapter: 'sandbox', amount: 5_000 }),
    ]);
    const paid = await adminCall(t.app, paymentsAdmin.depositsList, {
      page: 1,
      pageSize: 10,
      status: 'PENDING',
      username: p.username,
    });
    expect(paid.data.total).toBe(0);
    const callbacks = (await adminCall(t.app, paymentsAdmin.depositCallbacks, { orderNo: order.orderNo })).data.list;
    expect(callbacks.map((c) => c.outcome)).toEqual(['repeat', 'applied', 'refused: bad signature']);
    expect(JSON.parse(callbacks[0]!.payload)).toMatchObject({ orderNo: order.orderNo, amount: 5_000 });
  });

  it('notices: publishing reaches players at once and lists; withdrawing hides it again', async () => {
    const p = await newTestPlayer(t, { fundPassword: false });
    const base = await listenLocal(t.app);
    const live = await openLive(base, await getWssToken(t.app, p.token));
    await waitForSockets(t.app, p.userId, 1);
    const published = await adminCall(t.app, contentAdmin.noticePublish, {
      title: '维护通知',
      summary: '今晚维护',
      body: '<p>今晚 2 点维护</p><script>alert(1)</script>',
    });
    expect(published).toMatchObject({ code: 200, data: { title: '维护通知', withdrawnAt: null } });
    const id = published.data.id;
    expect(published.data.body).not.toContain('script');
    expect(JSON.parse(await live.next())).toEqual({ type: 'NOTICE_PUBLISHED', id, title: '维护通知' });
    const seen = await call(t.app, content.noticeList, { page: 1, pageSize: 10, type: 'notice' });
    expect(seen.data.list[0]).toMatchObject({ id, title: '维护通知' });

    const withdrawn = await adminCall(t.app, contentAdmin.noticeWithdraw, { id });
    expect(withdrawn.data.withdrawnAt).not.toBeNull();
    expect(JSON.parse(await live.next())).toEqual({ type: 'NOTICE_WITHDRAWN', id });
    const after = await call(t.app, content.noticeList, { page: 1, pageSize: 10, type: 'notice' });
    expect(after.data.list.map((n) => n.id)).not.toContain(id);
    expect(await call(t.app, content.noticeDetails, { id })).toMatchObject({ code: 404 });
    const audit = (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, target: String(id) })).data
      .list;
    expect(audit.map((a) => [a.operator, a.action])).toEqual([
      [operatorCalls.ADMIN_TOKEN_IDENTITY, 'notice.withdraw'],
      [operatorCalls.ADMIN_TOKEN_IDENTITY, 'notice.publish'],
    ]);
    live.socket.close();
  });

  it('CSV export: the list with its filters as text/csv, quoted, formulas defused; bad filters → 400', async () => {
    const { username } = await newTestPlayer(t);
    await adminCall(t.app, playersAdmin.turnoverWaive, { username, reason: '=HYPERLINK("x"), ok' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${playersAdmin.auditList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: { target: username },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-list-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,operator,action,target,payload,before,after,at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${operatorCalls.ADMIN_TOKEN_IDENTITY},turnover.waive`);
    expect(lines[1]).toContain(`"{""reason"":""=HYPERLINK(\\""x\\""), ok""`);

    const bad = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${playersAdmin.auditList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: { page: 2 },
    });
    expect(bad.json()).toMatchObject({ code: 400, data: { field: 'page' } });
  });

  it('rule pages: saved sanitized, read by players at once in their language, audited before and after', async () => {
    const list = (await adminCall(t.app, contentAdmin.contentPagesList, {})).data.list;
    const rules = list.find((p) => p.key === 'taiqiu_rules' && p.lang === 'zh-CN')!;
    expect(rules).toBeDefined();
    const saved = await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'taiqiu_rules',
      lang: 'zh-CN',
      title: '台球规则（新）',
      body: '<p>新规则</p><img src=x onerror=alert(1)>',
    });
    expect(saved).toMatchObject({ code: 200, data: { title: '台球规则（新）' } });
    expect(saved.data.body).not.toContain('onerror');
    const read = await call(t.app, content.contentGet, { key: 'taiqiu_rules' });
    expect(read.data).toMatchObject({ title: '台球规则（新）', body: saved.data.body });
    const audit = (
      await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 1, target: 'taiqiu_rules:zh-CN' })
    ).data.list[0];
    expect(audit).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      action: 'content.page.save',
      before: { title: rules.title, bodyLength: rules.body.length },
      after: { title: '台球规则（新）', bodyLength: saved.data.body.length },
    });
    const bad = await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'Bad Key',
      lang: 'zh-CN',
      title: 'x',
      body: 'y',
    });
    expect(bad).toMatchObject({ code: 400, data: { field: 'key' } });
  });

  it('notice and page bodies keep their lines; a NUL byte, a huge body or a line break in a title changes nothing', async () => {
    const body = '<h3>规则</h3>\n<ul>\n\t<li>一</li>\n</ul>';
    const notice = await adminCall(t.app, contentAdmin.noticePublish, {
      title: '多行',
      summary: '第一行\n第二行',
      body,
    });
    expect(notice).toMatchObject({ code: 200, data: { summary: '第一行\n第二行' } });
    expect(notice.data.body).toContain('\n');
    const page = await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'multi_line',
      lang: 'en',
      title: 'Lines',
      body,
    });
    expect(page.data.body).toContain('<li>');

    const before = (await adminCall(t.app, contentAdmin.noticesList, { page: 1, pageSize: 1 })).data.total;
    const refused = [
      { title: 'a', summary: 'b', body: 'x\u0000y' },
      { title: 'a\nb', summary: 'b', body: 'c' },
      { title: 'a', summary: 'b', body: 'x'.repeat(20_001) },
    ];
    for (const input of refused)
      expect(await adminCall(t.app, contentAdmin.noticePublish, input)).toMatchObject({ code: 400 });
    expect(
      await adminCall(t.app, contentAdmin.contentPageSave, {
        key: 'nul_page',
        lang: 'en',
        title: 'x',
        body: 'a\u0000',
      }),
    ).toMatchObject({ code: 400, data: { field: 'body' } });
    expect((await adminCall(t.app, contentAdmin.noticesList, { page: 1, pageSize: 1 })).data.total).toBe(before);
    const pages = (await adminCall(t.app, contentAdmin.contentPagesList, {})).data.list;
    expect(pages.map((p) => p.key)).not.toContain('nul_page');
  });
});
