import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '@breakshot/contracts';
import { sanitizeHtml } from '../../src/modules/content/sanitize.js';
import { createNotice } from '../../src/modules/content/service.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';

describe('content: notices, banners, rule pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
  });
  afterAll(() => t.close());

  it('lists the seeded banners and notices newest first, in the reader’s language', async () => {
    const banners = await call(t.app, content.noticeList, { type: 'banner', page: 1, pageSize: 20 });
    expect(banners.data.total).toBe(3);
    for (const b of banners.data.list) {
      expect(b.type).toBe('banner');
      expect(b.image).toMatch(/^data:image\/svg\+xml;base64,/);
      // Art only: the title and summary are laid over it in the reader's language.
      expect(Buffer.from(b.image!.split(',')[1]!, 'base64').toString()).not.toContain('<text');
    }
    expect(banners.data.list.map((b) => b.link)).toEqual(['/taiqiuguize', '/user/youhui', null]);
    const notices = await call(t.app, content.noticeList, { type: 'notice', page: 1, pageSize: 20 });
    expect(notices.data.total).toBe(4);
    const times = notices.data.list.map((n) => Date.parse(n.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(notices.data.list[0]).toMatchObject({ title: '欢迎来到 Breakshot', image: null, link: null });
    const english = await call(t.app, content.noticeList, { type: 'notice', page: 1, pageSize: 1 }, { lang: 'en' });
    expect(english.data).toMatchObject({ total: 4, list: [{ title: 'Welcome to Breakshot' }] });
    expect((await call(t.app, content.noticeList, { page: 1, pageSize: 20 })).data.total).toBe(7);
    expect((await call(t.app, content.noticeList, { type: 'popup', page: 1, pageSize: 20 })).code).toBe(400);
  });

  it('notice details: sanitized body; unknown and unpublished ids are 404', async () => {
    const [first] = (await call(t.app, content.noticeList, { type: 'notice', page: 1, pageSize: 20 })).data.list.slice(
      1,
    );
    const details = await call(t.app, content.noticeDetails, { id: first!.id });
    expect(details.data).toMatchObject({ id: first!.id, title: first!.title, publishedAt: first!.publishedAt });
    expect(details.data.body).toContain('<a href="/taiqiuguize" rel="noopener noreferrer">');
    const id = await createNotice(t.db, {
      type: 'notice',
      zh: { title: '明日', summary: '尚未发布', body: '<p onclick="x()">hi<script>alert(1)</script></p>' },
      publishedAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    expect((await call(t.app, content.noticeDetails, { id })).code).toBe(404);
    t.clock.advance(3_600_001);
    expect((await call(t.app, content.noticeDetails, { id })).data.body).toBe('<p>hi</p>');
    expect(await call(t.app, content.noticeDetails, { id: 999_999 })).toMatchObject({ code: 404, msg: '公告不存在' });
  });

  it('rule pages in Chinese by default and English on request; unknown keys are 404', async () => {
    const zh = await call(t.app, content.contentGet, { key: 'taiqiu_rules' });
    expect(zh.data).toMatchObject({ key: 'taiqiu_rules', title: '台球投注规则' });
    for (const word of ['独赢', '让局', '大小', '单双', '走盘', '取消']) expect(zh.data.body).toContain(word);
    const en = await call(t.app, content.contentGet, { key: 'taiqiu_rules' }, { lang: 'en-US,en;q=0.9' });
    expect(en.data.title).toBe('Billiards betting rules');
    const betting = await call(t.app, content.contentGet, { key: 'betting_rules' });
    expect(betting.data.body).toContain('有效投注');
    expect(betting.data.body).toContain('1.5');
    expect(await call(t.app, content.contentGet, { key: 'nothing_here' })).toMatchObject({
      code: 404,
      msg: '内容不存在',
    });
    expect((await call(t.app, content.contentGet, { key: '../etc' })).code).toBe(400);
  });
});

describe('sanitizeHtml', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', '<p>Hello <b>world</b></p>'],
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<style>p{}</style>ok', 'ok'],
    ['<p onclick="steal()" style="color:red">x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>text', 'text'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    [
      '<a href="https://example.com/a?b=1&c=2" target="_blank">x</a>',
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>',
    ],
    ['<p>1 < 2 & 3 > 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
    ['<p>&amp; &lt;b&gt;</p>', '<p>&amp; &lt;b&gt;</p>'],
    ['<ul><li>a<li>b</ul>', '<ul><li>a<li>b</li></li></ul>'],
    ['<p><strong>open', '<p><strong>open</strong></p>'],
    ['</p>stray', 'stray'],
    ['<!-- hidden --><br/>x', '<br>x'],
    ['<iframe src="x"><p>in</p></iframe>after', 'after'],
    ['<div class="x"><span>in</span></div>', '<span>in</span>'],
    // Found by sanitize-property.test.ts: a dropped element nested in one of its name stays dropped
    // to the outer end; embed is void (no end tag), so nothing after it is lost; inside script
    // everything is text, so an inner <script> ends nothing; only svg and math close themselves.
    ['<svg><svg></svg><a href="#x">in</a></svg>after', 'after'],
    ['<object><object></object>in</object>after', 'after'],
    ['<embed src="x.swf">after <b>b</b>', 'after <b>b</b>'],
    ['<script><script></script>shown', 'shown'],
    ['<script/>hidden</script>shown', 'shown'],
    ['<script href=/>hidden</script>shown', 'shown'],
    ['<svg/>shown', 'shown'],
    ['<svg x=/>hidden</svg>shown', 'shown'],
    // NUL and lone surrogates read as U+FFFD, as browsers do (PostgreSQL text holds no NUL).
    ['<a href="https://x.example/&#0;y">x</a>', '<a href="https://x.example/\ufffdy" rel="noopener noreferrer">x</a>'],
    [
      '<a href="https://x.example/&#xD800;">x</a>',
      '<a href="https://x.example/\ufffd" rel="noopener noreferrer">x</a>',
    ],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});
