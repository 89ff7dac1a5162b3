import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, contentAdmin, systemAdmin, content, system } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall, startWithdrawApp } from '../helpers/withdrawals.js';

describe('content: help centre and about pages', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'content-cli-'));
  });
  afterAll(() => t.close());

  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('lists the seeded help in every category, Chinese by default and English on request', async () => {
    const zh = await call(t.app, content.contentList, { group: 'help' });
    expect(zh.code).toBe(200);
    const categories = zh.data.list.map((e) => e.category);
    // Every category, in the order of the tabs, each with questions.
    expect([...new Set(categories)]).toEqual(['deposit', 'withdrawal', 'account', 'betting', 'agent']);
    const fundPassword = zh.data.list.find((e) => e.key === 'help_account_fund_password');
    expect(fundPassword).toMatchObject({ group: 'help', category: 'account', title: '什么是资金密码？忘记了怎么办？' });
    expect(fundPassword!.body).toContain('15 分钟');
    const deposit = zh.data.list.filter((e) => e.category === 'deposit');
    expect(deposit.map((e) => e.sort)).toEqual([...deposit.map((e) => e.sort)].sort((a, b) => a - b));

    const en = await call(t.app, content.contentList, { group: 'help' }, { lang: 'en' });
    expect(en.data.list.map((e) => e.key)).toEqual(zh.data.list.map((e) => e.key));
    expect(en.data.list.find((e) => e.key === 'help_account_fund_password')?.title).toBe(
      'What is the fund password, and what if I forget it?',
    );
    for (const e of en.data.list) expect(e.title).not.toMatch(/[\u4e00-\u9fff]/);

    // Other groups stay apart: about pages, rule pages.
    const about = await call(t.app, content.contentList, { group: 'about' }, { lang: 'en' });
    expect(about.data.list.map((p) => p.key)).toEqual(['terms', 'privacy', 'responsible_gaming', 'licence']);
    expect(about.data.list.every((p) => p.category === null)).toBe(true);
    const rules = await call(t.app, content.contentList, { group: 'rules' });
    expect(rules.data.list.map((p) => p.key).sort()).toEqual(['betting_rules', 'taiqiu_rules']);
    expect((await call(t.app, content.contentGet, { key: 'privacy' })).data.title).toBe('隐私政策');
    expect((await call(t.app, content.contentList, { group: 'faq' })).code).toBe(400);
  });

  it('a question written only in Chinese shows in Chinese to English readers', async () => {
    const saved = await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'help_only_zh',
      lang: 'zh-CN',
      group: 'help',
      category: 'agent',
      sort: 999,
      title: '只有中文的问题',
      body: '<p onclick="x()">答案<script>alert(1)</script></p>',
    });
    expect(saved.data).toMatchObject({ group: 'help', category: 'agent', sort: 999, body: '<p>答案</p>' });
    const en = await call(t.app, content.contentList, { group: 'help' }, { lang: 'en' });
    expect(en.data.list.at(-1)).toMatchObject({ key: 'help_only_zh', title: '只有中文的问题', body: '<p>答案</p>' });
    // A help entry needs its category; other groups have none.
    const noCategory = await adminCall(t.app, contentAdmin.contentPageSave, {
      key: 'help_x',
      lang: 'zh-CN',
      group: 'help',
      title: 'x',
      body: 'x',
    });
    expect(noCategory).toMatchObject({ code: 400 });
    expect(noCategory.msg).toContain('category');
  });

  it('the CLI saves help and pages from files, publishes and withdraws notices; each audited', async () => {
    const answer = file('answer.html', '<p>Use the "fund password" & <b>never</b> share it.</p>\n<p>$HOME `x`</p>');
    const help = await adminCli(url, [
      'help-save',
      'help_cli_test',
      'account',
      'en',
      'Can I share my password?',
      answer,
      '--sort',
      '5',
    ]);
    expect(help).toMatchObject({ code: 0, stdout: 'help page help_cli_test (en) saved: Can I share my password?\n' });
    const listed = await call(t.app, content.contentList, { group: 'help' }, { lang: 'en' });
    // The shell never saw the body: quotes, $ and backticks arrive as written.
    expect(listed.data.list.find((e) => e.key === 'help_cli_test')).toMatchObject({
      category: 'account',
      sort: 5,
      body: '<p>Use the "fund password" &amp; <b>never</b> share it.</p>\n<p>$HOME `x`</p>',
    });

    const terms = await adminCli(url, [
      'page-save',
      'terms',
      'zh-CN',
      '服务条款（新）',
      file('terms.html', '<p>新</p>'),
    ]);
    expect(terms.code).toBe(0);
    expect((await call(t.app, content.contentGet, { key: 'terms' })).data).toMatchObject({
      title: '服务条款（新）',
      body: '<p>新</p>',
    });
    // Saved without --group, an existing page keeps its group and place; a new one is a rule page.
    expect(terms.stdout).toBe('about page terms (zh-CN) saved: 服务条款（新）\n');
    const about = await call(t.app, content.contentList, { group: 'about' });
    expect(about.data.list.map((p) => p.key)).toEqual(['terms', 'privacy', 'responsible_gaming', 'licence']);
    const deposits = file('d.html', '<p>d</p>');
    const fresh = await adminCli(url, ['page-save', 'deposit_rules', 'en', 'Deposits', deposits]);
    expect(fresh.stdout).toContain('rules page deposit_rules (en) saved');
    const moved = await adminCli(url, ['page-save', 'deposit_rules', 'en', 'Deposits', deposits, '--group', 'about']);
    expect(moved.stdout).toContain('about page deposit_rules (en) saved');

    const pages = await adminCli(url, ['pages', 'help']);
    expect(pages.stdout).toMatch(/help_cli_test\s+en\s+help\s+account\s+5/);
    expect(pages.stdout).not.toContain('taiqiu_rules');

    const body = file('notice.html', '<p>周末<strong>加赠</strong>活动开始</p>');
    const published = await adminCli(url, [
      'notice-publish',
      'banner',
      '周末加赠',
      body,
      '--link',
      '/user/youhui',
      '--en-title',
      'Weekend bonus',
      '--en-body-file',
      file('notice-en.html', '<p>The weekend bonus starts</p>'),
    ]);
    expect(published.code).toBe(0);
    const id = Number(/banner (\d+) published/.exec(published.stdout)?.[1]);
    const banners = await call(t.app, content.noticeList, { type: 'banner', page: 1, pageSize: 20 }, { lang: 'en' });
    expect(banners.data.list[0]).toMatchObject({ id, title: 'Weekend bonus', link: '/user/youhui' });
    expect(banners.data.list[0]!.image).toMatch(/^data:image\/svg\+xml/);
    expect(banners.data.list[0]!.summary).toBe('The weekend bonus starts');

    expect((await adminCli(url, ['notice-withdraw', String(id)])).stdout).toBe(`banner ${id} withdrawn: 周末加赠\n`);
    expect((await call(t.app, content.noticeDetails, { id })).code).toBe(404);
    expect((await adminCli(url, ['notice-publish', 'popup', 'x', body])).code).toBe(2);
    // A banner leads only to a page of the app.
    for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      const offSite = await adminCall(t.app, contentAdmin.noticePublish, { title: 'x', summary: 'x', body: 'x', link });
      expect(offSite.code, link).toBe(400);
    }

    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 50 });
    const actions = audit.data.list
      .filter((a) => a.operator === operatorCalls.ADMIN_TOKEN_IDENTITY)
      .map((a) => `${a.action} ${a.target}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'content.page.save help_cli_test:en',
        'content.page.save terms:zh-CN',
        `notice.publish ${id}`,
        `notice.withdraw ${id}`,
      ]),
    );
  });

  it('the platform contact: saved by a content operator, shown in the config, audited; others refused', async () => {
    const ops: Record<string, LoggedInOperator> = {
      content: await newOperator(t, 'op-content-c', 'content'),
      finance: await newOperator(t, 'op-finance-c', 'finance'),
    };
    const contact = { email: 'bd@example.com', phone: '', telegram: '@bd', wechat: 'bd_wx', qq: '' };
    const refused = await opCall(t.app, systemAdmin.siteContactSave, contact, { session: ops.finance!.session });
    expect(refused.code).toBe(403);
    const bad = await opCall(
      t.app,
      systemAdmin.siteContactSave,
      { ...contact, email: 'nope' },
      {
        session: ops.content!.session,
      },
    );
    expect(bad.code).toBe(400);
    // Fields left out are not offered, as the console sends them.
    const { phone: _phone, qq: _qq, ...given } = contact;
    const saved = await opCall(t.app, systemAdmin.siteContactSave, given, { session: ops.content!.session });
    expect(saved).toMatchObject({ code: 200, data: contact });
    expect((await opCall(t.app, systemAdmin.siteContactGet, {}, { session: ops.content!.session })).data).toEqual(
      contact,
    );
    expect((await call(t.app, system.getConfig)).data.sys.contact).toEqual(contact);

    const cli = await adminCli(url, ['site-contact', '--qq', '12345']);
    expect(cli.code).toBe(0);
    expect((await call(t.app, system.getConfig)).data.sys.contact).toEqual({ ...contact, qq: '12345' });

    // The content pages too are the content role's, not finance's.
    const page = { key: 'terms', lang: 'zh-CN', group: 'about', title: 't', body: 'b' };
    expect((await opCall(t.app, contentAdmin.contentPageSave, page, { session: ops.finance!.session })).code).toBe(403);

    const audit = await adminCall(t.app, playersAdmin.auditList, {
      page: 1,
      pageSize: 50,
      action: 'site.contact.save',
    });
    expect(audit.data.list.map((a) => a.operator)).toEqual([operatorCalls.ADMIN_TOKEN_IDENTITY, 'op-content-c']);
    expect(audit.data.list[1]).toMatchObject({ after: contact });
  });

  it('the customer-service link: an https address (or http to this machine) set by a content operator, in the config, audited; cleared, none', async () => {
    const ops: Record<string, LoggedInOperator> = {
      content: await newOperator(t, 'op-content-s', 'content'),
      finance: await newOperator(t, 'op-finance-s', 'finance'),
    };
    const as = (role: string) => ({ session: ops[role]!.session });
    const serviceUrl = () => call(t.app, system.getConfig).then((r) => r.data.sys.serviceUrl);
    const link = 'https://chat.example.com/room?site=breakshot';
    // None at first: the player app shows no entry.
    expect(await serviceUrl()).toBe('');
    expect((await opCall(t.app, systemAdmin.siteServiceSave, { serviceUrl: link }, as('finance'))).code).toBe(403);
    for (const bad of ['http://chat.example.com', 'javascript:alert(1)', 'chat.example.com', 'ftp://x.example']) {
      const refused = await opCall(t.app, systemAdmin.siteServiceSave, { serviceUrl: bad }, as('content'));
      expect(refused.code, bad).toBe(400);
      expect(refused.msg, bad).toContain('在线客服链接');
      expect(refused.msg, bad).toContain('https://');
    }
    expect(await serviceUrl()).toBe('');

    expect(await opCall(t.app, systemAdmin.siteServiceSave, { serviceUrl: link }, as('content'))).toMatchObject({
      code: 200,
      data: { serviceUrl: link },
    });
    expect(await serviceUrl()).toBe(link);
    expect((await opCall(t.app, systemAdmin.siteServiceGet, {}, as('content'))).data).toEqual({ serviceUrl: link });
    const local = 'http://localhost:8080/chat';
    expect((await opCall(t.app, systemAdmin.siteServiceSave, { serviceUrl: local }, as('content'))).code).toBe(200);
    // Sent without a link (the console leaves an empty field out): cleared.
    expect((await opCall(t.app, systemAdmin.siteServiceSave, {}, as('content'))).code).toBe(200);
    expect(await serviceUrl()).toBe('');

    const audit = await adminCall(t.app, playersAdmin.auditList, {
      page: 1,
      pageSize: 50,
      action: 'site.service.save',
    });
    expect(audit.data.list.map((a) => [a.operator, a.before, a.after])).toEqual([
      ['op-content-s', { serviceUrl: local }, { serviceUrl: '' }],
      ['op-content-s', { serviceUrl: link }, { serviceUrl: local }],
      ['op-content-s', { serviceUrl: '' }, { serviceUrl: link }],
    ]);
  });

  it('lists the notices and banners with their times on the site clock, withdrawn ones too', async () => {
    const publish = (title: string) =>
      adminCall(t.app, contentAdmin.noticePublish, { type: 'notice', title, summary: title, body: `<p>${title}</p>` });
    const kept = (await publish('系统维护通知')).data;
    const gone = (await publish('旧活动')).data;
    await adminCall(t.app, contentAdmin.noticeWithdraw, { id: gone.id });

    const list = await adminCli(url, ['notices']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^id\s+type\s+title\s+link\s+published\s+withdrawn\n/);
    const row = (id: number) => list.stdout.split('\n').find((line) => line.startsWith(`${id} `)) ?? '';
    const siteTime = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(UTC\\+8\\)';
    expect(row(kept.id)).toMatch(new RegExp(`^${kept.id}\\s+notice\\s+系统维护通知\\s+${siteTime}$`));
    expect(row(gone.id)).toMatch(new RegExp(`旧活动\\s+${siteTime}\\s+${siteTime}$`));
  });
});
