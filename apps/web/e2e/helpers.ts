import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type WebSocket,
} from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** Answer of every captcha: the server runs with CAPTCHA_TEST_CODE (see playwright.config.ts). */
export const CAPTCHA = '2468';

let counter = 0;
/** A username unique to this run: 6–16 letters and digits. */
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 16);
}

export async function registerViaUi(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/register');
  await fillRegisterForm(page, username, password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-balance')).toBeVisible();
}

export async function fillRegisterForm(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=confirmPassword]').fill(password);
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.locator('input[name=captchaCode]').fill(CAPTCHA);
  await page.locator('input[type=checkbox]').check();
}

export async function loginViaUi(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.locator('input[name=captchaCode]').fill(CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A register or login call through the API (with a captcha), as the app makes it: when the
 * server asks for a proof of work (data.step 'pow', after a burst from this address), the
 * challenge is solved here and the call sent again.
 */
export async function postWithStepUp(
  request: APIRequestContext,
  path: '/register' | '/login',
  data: { username: string } & Record<string, unknown>,
): Promise<Envelope> {
  const send = async (more: object = {}) =>
    (await (await request.post(`/api/v9${path}`, { data: { ...data, ...more } })).json()) as Envelope;
  const first = await send();
  if (first.data?.step !== 'pow') return first;
  const body = path === '/login' ? { purpose: 'login', username: data.username } : { purpose: 'register' };
  const challenge = (await (await request.post('/api/v9/captcha/challenge', { data: body })).json()) as Envelope<{
    challenge: string;
    hash: string;
    signature: string;
  }>;
  const { challenge: text, hash, signature } = challenge.data;
  let number = 0;
  while (createHash('sha256').update(`${text}${number}`).digest('hex') !== hash) number += 1;
  return send({ pow: { challenge: text, number, signature } });
}

/** A captcha's id, its answer being CAPTCHA on the test server. */
async function captchaId(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v9/captcha/getCode', { data: {} });
  return ((await res.json()) as Envelope<{ captchaId: string }>).data.captchaId;
}

/** A player's session token, logged in through the API (with a captcha) as the app would. */
export async function playerToken(
  request: APIRequestContext,
  username: string,
  password = 'secret123',
): Promise<string> {
  const login = await postWithStepUp(request, '/login', {
    username,
    password,
    captchaId: await captchaId(request),
    captchaCode: CAPTCHA,
  });
  return (login.data as { token: string }).token;
}

/** A new player registered through the API (with a captcha) as the app would: their name and session token. */
export async function newPlayer(
  request: APIRequestContext,
  prefix: string,
): Promise<{ username: string; token: string }> {
  const username = uniqueUsername(prefix);
  const res = await postWithStepUp(request, '/register', {
    username,
    password: 'secret123',
    captchaId: await captchaId(request),
    captchaCode: CAPTCHA,
  });
  expect(res.code, `register: ${res.msg}`).toBe(200);
  return { username, token: (res.data as { token: string }).token };
}

/** The player's own API calls (what the app's other pages would do), with their session; each must succeed. */
export function playerApi(request: APIRequestContext, token: string) {
  return async <T = Record<string, unknown>>(path: string, body: object): Promise<T> => {
    const res = await request.post(`/api/v9${path}`, { headers: { token }, data: body });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
    return json.data;
  };
}

/**
 * Records the live connection's frames as the browser sees them: of every socket, or only of the
 * player's (`/ws?token=`) or the guest's (`/ws`, the public channel).
 */
export function watchLive(page: Page, kind: 'player' | 'guest' | 'all' = 'all') {
  const sockets: { ws: WebSocket; sent: string[]; received: string[]; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    const url = new URL(ws.url());
    if (!url.pathname.startsWith('/ws')) return;
    if (kind !== 'all' && url.searchParams.has('token') !== (kind === 'player')) return;
    const entry = { ws, sent: [] as string[], received: [] as string[], closed: false };
    ws.on('framesent', (f) => entry.sent.push(String(f.payload)));
    ws.on('framereceived', (f) => entry.received.push(String(f.payload)));
    ws.on('close', () => (entry.closed = true));
    sockets.push(entry);
  });
  return {
    sockets,
    open: () => sockets.filter((s) => !s.closed),
    /** Every received frame of every socket, newest last. */
    received: () => sockets.flatMap((s) => s.received),
  };
}

/** `npm run admin -- …` against the test server, as the operator would run it. */
export function adminCli(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: new URL('../../..', import.meta.url).pathname,
    env: { ...process.env, ADMIN_URL: process.env.E2E_BASE_URL, ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN },
    encoding: 'utf8',
  });
}

/**
 * Opens a console select (antd) and picks an option. Its list is drawn at the page's top first and
 * then moved under the box: a click before it is in place misses the option, so this waits for
 * the list's opening motion to end.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(list).toBeVisible();
  await expect(list).not.toHaveClass(/ant-slide-up/);
  await list.locator('.ant-select-item-option-content', { hasText: option }).click();
}

/** An operator call with the test server's operator token (no browser: the server refuses one); must succeed. */
export async function operatorCall<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/admin${path}`, {
    headers: { 'x-admin-token': process.env.E2E_ADMIN_TOKEN ?? '' },
    data,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

/** Amount text as the app shows it (¥1,234.56) → minor units. */
export function minorUnits(text: string | null): number {
  const cleaned = (text ?? '').replace(/[^\d.-]/g, '');
  return Math.round(Number(cleaned) * 100);
}

/** What counts as an open dialog, sheet or popup (antd-mobile's bodies). */
const OVERLAYS = '.adm-center-popup-body, .adm-popup-body, .adm-modal-body, .adm-dialog-body, .adm-action-sheet';

/**
 * Every open dialog, sheet and popup fits the screen at 320 and 390 px wide: nothing in it runs
 * past its box or the viewport's edges. Resizes and comes back to the page's own size.
 */
export async function expectOverlaysFit(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  expect(await page.locator(OVERLAYS).count(), 'an open dialog to measure').toBeGreaterThan(0);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: size.height });
    await page.waitForTimeout(100);
    const overflows = await page.evaluate((selector) => {
      const out: string[] = [];
      const vw = document.documentElement.clientWidth;
      for (const box of document.querySelectorAll<HTMLElement>(selector)) {
        if (box.offsetParent === null && getComputedStyle(box).position !== 'fixed') continue;
        const outer = box.getBoundingClientRect();
        if (outer.left < -0.5 || outer.right > vw + 0.5) out.push(`box ${outer.left}–${outer.right} of ${vw}`);
        for (const el of box.querySelectorAll<HTMLElement>('*')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5) {
            out.push(
              `${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(outer.left)}–${Math.round(outer.right)}`,
            );
          }
        }
      }
      return out;
    }, OVERLAYS);
    expect(overflows, `overlays at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(size);
}

/** Every visible text input is at least 16 px: iOS zooms the page when a smaller one gets focus. */
export async function expectInputsUnzoomable(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
      .filter((el) => !['checkbox', 'radio', 'hidden'].includes((el as HTMLInputElement).type))
      .filter((el) => el.getBoundingClientRect().width > 0)
      .map((el) => ({
        name: (el as HTMLInputElement).name || el.className,
        size: parseFloat(getComputedStyle(el).fontSize),
      }))
      .filter((x) => x.size < 16),
  );
  expect(small, 'inputs under 16 px').toEqual([]);
}

/** The session token the app keeps (storage.ts: JSON `{ v, e }` under `token`). */
export const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { v?: string }).v ?? '');

/** The page scrolls only down at 320 and 390 px wide: nothing runs past its right edge. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: size.height });
    await page.waitForTimeout(100);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide, `${page.url()} at ${width} px: pixels past the right edge`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(size);
}

/** A feed provider of a test: its id and the key the console answered once. */
export interface Feed {
  id: string;
  key: string;
}

/** A new feed provider of the test's own, through the console's call. */
export async function newFeed(request: APIRequestContext, name: string): Promise<Feed> {
  const id = `e2e-${name}-${Date.now().toString(36).slice(-6)}`;
  const saved = await operatorCall<{ key: string | null }>(request, '/feed/provider/save', {
    id,
    name: `E2E ${name}`,
    enabled: true,
    staleSeconds: 120,
  });
  expect(saved.key).toBeTruthy();
  return { id, key: saved.key! };
}

/**
 * One match as a feed sends it: each call posts its events, signed with the provider's key, each
 * with the next sequence number and an id of its own, and expects every one applied.
 */
export function feedMatch(feed: Feed, request: APIRequestContext, ref: string) {
  let seq = 0;
  return async (...events: Record<string, unknown>[]) => {
    const body = JSON.stringify({
      events: events.map((e) => {
        seq += 1;
        return { id: `${ref}-${seq}`, match: ref, seq, at: new Date().toISOString(), ...e };
      }),
    });
    const res = await request.post(`/feed/${feed.id}/events`, {
      headers: {
        'content-type': 'application/json',
        'x-feed-signature': createHmac('sha256', feed.key).update(body).digest('hex'),
      },
      data: body,
    });
    const json = (await res.json()) as { results?: { id: string; status: string }[]; detail?: string };
    expect(res.status(), json.detail).toBe(200);
    expect(json.results!.map((r) => r.status)).toEqual(events.map(() => 'applied'));
  };
}

/**
 * A live match of a feed of the test's own, frame 1 on with a visit of 12 by player a: its id as
 * players see it, its players, and the feed's `post` for what follows. It starts now, or at
 * `startAt` (an earlier start puts it ahead of other live matches in lists, which go by start).
 */
export async function liveFeedMatch(request: APIRequestContext, name: string, startAt = new Date()) {
  const suffix = Date.now().toString(36).slice(-6);
  const post = feedMatch(await newFeed(request, name), request, `m-${suffix}`);
  const [playerA, playerB] = [`甲${suffix}`, `乙${suffix}`];
  await post(
    { type: 'match_scheduled', playerA, playerB, bestOf: 5, startAt: startAt.toISOString(), frameWinA: 0.5 },
    { type: 'match_started' },
    { type: 'frame_started', frame: 1, breaker: 'a' },
    { type: 'visit', frame: 1, player: 'a', points: 12, break: 12, foul: 0 },
  );
  const list = (await (
    await request.post('/api/v9/taiqiu/matches', { data: { page: 1, pageSize: 50, status: 'live' } })
  ).json()) as { data: { list: { id: number; playerA: { name: string } }[] } };
  const id = list.data.list.find((m) => m.playerA.name === playerA)?.id;
  expect(id, 'the feed match is live').toBeTruthy();
  return { id: id!, playerA, playerB, post };
}

/** The first login's last step: reads the new authenticator's secret, types its code, confirms. */
export async function enrolAuthenticator(page: Page): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('动态验证码').fill(new OTPAuth.TOTP({ secret }).generate());
  await page.getByRole('button', { name: '确认绑定并登录' }).click();
  return secret;
}

/** An operator made with the CLI, logged in to the console (a desktop, 1440×900) through the first login. */
export async function consoleAs(browser: Browser, prefix: string, role: string, password: string) {
  const name = uniqueUsername(prefix);
  process.env.OPERATOR_PASSWORD = password;
  expect(adminCli('create-operator', name, role)).toContain('created');
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await desk.newPage();
  await page.goto('/admin/');
  await page.getByLabel('用户名').fill(name);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await enrolAuthenticator(page);
  await expect(page.getByTestId('operator-name')).toHaveText(name);
  return { name, desk, page };
}

/** The WCAG 2.1 A and AA rules axe checks (docs/design.md §2, accessibility checks). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe finds no WCAG 2.1 AA violation on the page as it is now (an open sheet or dialog included). */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe on ${where}`).toEqual([]);
}
