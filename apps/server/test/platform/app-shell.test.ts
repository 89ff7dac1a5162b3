import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, promotions, system, taiqiu } from '@breakshot/contracts';
import { createNotice } from '../../src/modules/content/service.js';
import { newMatch } from '../helpers/taiqiu.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';

const INDEX = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
/** The boot data of a page (apps/web src/app/boot-data.ts reads it). */
function bootData(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json) as Record<string, unknown>;
}

let dist = '';
function appWith(apiBase: string) {
  dist = mkdtempSync(join(tmpdir(), 'bs-shell-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  return startTestApp({
    webDist: dist,
    runtimeConfig: { VITE_API_BASE_URL: apiBase, VITE_PAGE_TITLE: 'T' },
    adminToken: ADMIN_TEST_TOKEN,
  });
}

describe('the app page carries its first screen (for page speed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('/');
    await createNotice(t.db, {
      type: 'banner',
      zh: { title: '横幅 </script><b>', summary: '摘要', body: '' },
      en: { title: 'Banner', summary: 'Summary', body: '' },
      publishedAt: new Date(t.clock.now().getTime() - 60_000),
    });
  });
  afterAll(() => t.close());

  it('/home: the site config, banners, notices and promotion banners, as their calls answer them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    // A title cannot end the script element early.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const boot = bootData(html);
    const answer = async (contract: Parameters<typeof call>[1], body = {}) =>
      (await call(t.app, contract, body, { lang: 'zh-CN' })).data;
    expect(boot).toEqual({
      lang: 'zh-CN',
      sys: ((await answer(system.getConfig)) as { sys: unknown }).sys,
      home: {
        banners: await answer(content.noticeList, { type: 'banner', page: 1, pageSize: 6 }),
        notices: await answer(content.noticeList, { type: 'notice', page: 1, pageSize: 10 }),
        promos: ((await answer(promotions.promotionBanners)) as { items: unknown }).items,
        matches: await answer(taiqiu.matches, { page: 1, pageSize: 10 }),
      },
    });
    expect(JSON.stringify(boot)).toContain('横幅 </script><b>');
  });

  it('in the language the app keeps in its cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { cookie: 'x=1; lang=en' } });
    const boot = bootData(res.body) as { lang: string; home: { banners: { list: { title: string }[] } } };
    expect(boot.lang).toBe('en');
    expect(boot.home.banners.list.map((b) => b.title)).toContain('Banner');
  });

  it("a match's page: the match as a guest sees it and its tracker, as their calls answer them", async () => {
    const match = await newMatch(t);
    const boot = bootData((await t.app.inject({ method: 'GET', url: `/taiqiu/${match.id}` })).body);
    expect(boot.match).toEqual((await call(t.app, taiqiu.match, { id: match.id }, { lang: 'zh-CN' })).data);
    expect(boot.tracker).toEqual((await call(t.app, taiqiu.tracker, { id: match.id })).data);
    // No such match: the page says so itself.
    expect(Object.keys(bootData((await t.app.inject({ method: 'GET', url: '/taiqiu/987654' })).body))).toEqual([
      'lang',
      'sys',
    ]);
  });

  it('the rule page and an announcement: their text, as their calls answer it, in the page’s language', async () => {
    const page = async (url: string, lang = 'zh-CN') =>
      bootData((await t.app.inject({ method: 'GET', url, headers: { cookie: `lang=${lang}` } })).body);
    for (const lang of ['zh-CN', 'en']) {
      expect((await page('/taiqiuguize', lang)).content).toEqual(
        (await call(t.app, content.contentGet, { key: 'taiqiu_rules' }, { lang })).data,
      );
    }
    const [banner] = (await call(t.app, content.noticeList, { type: 'banner', page: 1, pageSize: 1 })).data.list;
    expect((await page(`/details/${banner!.id}`)).notice).toEqual(
      (await call(t.app, content.noticeDetails, { id: banner!.id }, { lang: 'zh-CN' })).data,
    );
    // No such announcement: the page says so itself.
    expect(Object.keys(await page('/details/987654'))).toEqual(['lang', 'sys']);
  });

  it('other routes: the site config only; a new build is served at once', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/user/qukuan' });
    expect(Object.keys(bootData(other.body))).toEqual(['lang', 'sys']);
    writeFileSync(join(dist, 'index.html'), INDEX.replace('app', 'app v2'));
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect((await t.app.inject({ method: 'GET', url: '/user' })).body).toContain('<title>app v2</title>');
  });
});

describe('an app whose API is elsewhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('https://api.example/');
  });
  afterAll(() => t.close());

  it('gets no data of this server in its page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.body).not.toContain('boot-data');
    expect(res.body).toContain('<title>app</title>');
  });
});
