// An operator publishes a notice, an about page and a message full of classic
// XSS payloads; the player's pages that show them in Chromium run nothing, open no dialog, and
// still show the harmless formatting. The CSP is bypassed here, so the server's sanitizer alone
// stands between the payloads and the page (the CSP itself: apps/server/test/trust/headers.test.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { figure } from '../../server/test/trust/figures';
import { HARMLESS, xssPayloads } from '../../server/test/trust/xss-payloads';
import { newPlayer, operatorCall } from './helpers';

test.use({ bypassCSP: true });

/** What a payload runs if it ever does: leaves its number on the page's window. */
const payloads = xssPayloads((i) => `top.xssRan=${i}`);
const BODY = [HARMLESS, ...payloads.map((p) => p.html)].join('\n');

/** Elements and attributes of the rendered body that could run script or load a document. */
function activeIn(body: Locator): Promise<string[]> {
  return body.evaluate((root) => {
    const found: string[] = [];
    const risky =
      'script,iframe,frame,object,embed,svg,math,style,link,base,meta,form,input,button,img,video,audio,source,details,marquee,template,noscript';
    for (const el of root.querySelectorAll(risky)) found.push(`<${el.tagName.toLowerCase()}>`);
    for (const el of root.querySelectorAll('*')) {
      for (const { name, value } of el.attributes) {
        const safeLink = name === 'href' && /^(https?:\/\/|\/(?![/\\])|#)/i.test(value);
        if (!safeLink && name !== 'rel') found.push(`${el.tagName.toLowerCase()} ${name}="${value}"`);
      }
    }
    return found;
  });
}

/** The body shows its formatting and nothing runs: not on load, not on clicking its links. */
async function expectInert(page: Page, body: Locator, what: string): Promise<void> {
  await expect(body.locator('b', { hasText: 'bold text' })).toBeVisible();
  await expect(body.getByRole('link', { name: 'an https link' })).toHaveAttribute('href', 'https://example.com/docs');
  expect(await activeIn(body), what).toEqual([]);
  // A link that is not http(s) would run its script when followed.
  for (const link of await body.locator('a:not([href^="http"])').all()) await link.click({ force: true });
  // Handlers fire on load, error, toggle, focus or animation: give them time.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { xssRan?: number }).xssRan), `${what}: a payload ran`).toBeUndefined();
}

test('notice, about page and message with XSS payloads: nothing runs in the player’s pages', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const player = await newPlayer(request, 'xss');
  await page.addInitScript((token) => localStorage.setItem('token', JSON.stringify({ v: token, e: 0 })), player.token);

  const notice = await operatorCall<{ id: number }>(request, '/notices/publish', {
    title: 'XSS 测试',
    summary: 'x',
    body: BODY,
  });
  await operatorCall(request, '/content/pages/save', {
    key: 'xss_probe',
    lang: 'zh-CN',
    title: 'XSS 测试页',
    body: BODY,
    group: 'about',
    sort: 9999,
  });
  const message = await operatorCall<{ id: number }>(request, '/messages/send', {
    audience: 'player',
    username: player.username,
    title: 'XSS 测试消息',
    body: BODY,
  });

  await page.goto(`/details/${notice.id}`);
  await expectInert(page, page.getByTestId('notice-body'), 'notice');

  await page.goto('/user/guanyu');
  await page.locator('details[data-key="xss_probe"] summary').click();
  await expectInert(page, page.getByTestId('doc-xss_probe'), 'about page');

  await page.goto(`/user/messageDetails?tab=message&id=${message.id}`);
  await expectInert(page, page.getByTestId('message-body'), 'message');

  expect(dialogs).toEqual([]);
  figure('stored XSS in Chromium', { 'XSS payloads': payloads.length, pages: 3, executed: 0, dialogs: 0 });
});
