// The installable app (apps/web src/pwa, docs/design.md §2) in Chromium: the manifest and its
// icons, the service worker (registered, in control, pages always from the network, the offline
// page while the server is down, the update bar after a new build), the install offer and the iOS
// hint. Nothing is installed. The service worker's cases run against a server of their own, on a
// copy of the build, so that the server can be stopped and the build changed under a running app.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const SERVER = join(import.meta.dirname, '../../server/dist/server.js');
const WEB_DIST = join(import.meta.dirname, '../dist');

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The real server on `port` (as playwright.config.ts starts the shared one), serving the build in `webDist`. */
class OwnServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'breakshot-pwa-data-'));
  constructor(
    readonly port: number,
    readonly webDist: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        WEB_DIST: this.webDist,
        ADMIN_TOKEN: 'e2e-pwa-operator-token',
        DATABASE_URL: '',
        CAPTCHA_TEST_CODE: '2468',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${this.url}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);
  }

  /** Stops it as an operator would (its database closed, the port free). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}

/** The page's service worker registration as the page sees it. */
const registration = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return {
      scope: reg?.scope ?? null,
      active: reg?.active?.state ?? null,
      waiting: reg?.waiting?.state ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });

/** Whether a service worker of the context (there may be an old one, stopped) carries the mark. */
async function someWorkerMarked(context: BrowserContext, mark: string): Promise<boolean> {
  const marks = await Promise.all(
    context.serviceWorkers().map((w) => w.evaluate(() => (self as { e2eBuild?: string }).e2eBuild).catch(() => null)),
  );
  return marks.includes(mark);
}

test('the web app manifest: names, start page, colours, icons that load (192, 512, maskable)', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Breakshot 台球',
    short_name: 'Breakshot',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: '#0a1228',
    background_color: '#0a1228',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    // The PNG header's width and height (bytes 16–23) are what the manifest says.
    const body = await png.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  expect(await page.locator('link[rel=apple-touch-icon]').getAttribute('href')).toBe('/apple-touch-icon.png');
});

test.describe('the service worker, against a server of its own', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let dist: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dist = mkdtempSync(join(tmpdir(), 'breakshot-pwa-web-'));
    cpSync(WEB_DIST, dist, { recursive: true });
    server = new OwnServer(await freePort(), dist);
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('registers and controls the page; pages from the network; the offline page while the server is down, the app again when it is back', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/home`);
    await expect.poll(async () => (await registration(page)).controlled, { timeout: 20_000 }).toBe(true);
    expect(await registration(page)).toMatchObject({ scope: `${server.url}/`, active: 'activated', waiting: null });

    // The precache holds the first screen's files and the offline page, never a page, the API or /config.json.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    const entry = await page.locator('script[type=module][src^="/assets/"]').getAttribute('src');
    expect(cached).toContain(entry);
    expect(cached).toContain('/offline.html');
    expect(cached.filter((u) => /^\/(api|ws|admin|feed)\/|^\/config\.json$|^\/index\.html$|^\/home$/.test(u))).toEqual(
      [],
    );

    // A page under the worker still comes from the server, with its first screen's data.
    await page.reload();
    await expect(page.locator('#boot-data')).toHaveCount(1);
    expect((await registration(page)).controlled).toBe(true);

    await server.stop();
    await page.goto(`${server.url}/user`);
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeVisible();
    await expect(page.getByText('当前处于离线状态')).toBeVisible();
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('秒后自动重试');
    // 重试 while the server is still down: still the offline page, counting down again.
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('status')).toContainText('秒后自动重试');
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeVisible();

    // The operator console (/admin/, another app on this origin) is left alone: the browser's own error.
    const consolePage = await context.newPage();
    await expect(consolePage.goto(`${server.url}/admin/`)).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
    await consolePage.close();

    // Back up: the offline page tries again by itself and the page the player asked for loads.
    await server.start();
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeHidden({ timeout: 20_000 });
    await expect(page).toHaveURL(`${server.url}/user`);
    await expect(page.locator('#boot-data')).toHaveCount(1);
  });

  test('offline as the browser sees it (no network at all): the offline page, then the app again', async ({
    page,
    context,
  }) => {
    await page.goto(`${server.url}/home`);
    await expect.poll(async () => (await registration(page)).controlled, { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto(`${server.url}/user`);
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeVisible();
    await context.setOffline(false);
    // Online again: the page tries by itself (on the browser's `online` event, else at the next
    // countdown: Chromium's emulation gives the worker its network back a moment after the page).
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeHidden({ timeout: 25_000 });
    await expect(page).toHaveURL(`${server.url}/user`);
  });

  test('a new build: 新版本可用 · 刷新, and 刷新 reloads the page under the new worker', async ({ page, context }) => {
    await page.goto(`${server.url}/home`);
    await expect.poll(async () => (await registration(page)).controlled, { timeout: 20_000 }).toBe(true);
    const bar = page.getByTestId('pwa-update');
    await expect(bar).toBeHidden();

    // Deploy: the server's build folder gets a changed service worker (sw.js is never cached).
    const sw = join(dist, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\nself.e2eBuild = 'second';\n`);
    // The browser looks for a new version when a page loads.
    await page.reload();
    await expect(bar).toBeVisible({ timeout: 20_000 });
    await expect(bar).toHaveText('新版本可用·刷新');
    expect(await registration(page)).toMatchObject({ waiting: 'installed', controlled: true });
    // It stays clear of the tab bar.
    const barBox = (await bar.boundingBox())!;
    const tabs = (await page.locator('.tab-bar').boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThan(tabs.y);

    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    const reloaded = page.waitForEvent('load');
    await bar.getByRole('button', { name: '刷新' }).click();
    // A new page (the mark is gone), loaded once, controlled by the new worker, nothing waiting, no bar.
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect
      .poll(async () => registration(page))
      .toMatchObject({ active: 'activated', waiting: null, controlled: true });
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
    expect(await someWorkerMarked(context, 'second')).toBe(true);
    await expect(page.getByTestId('pwa-update')).toBeHidden();
  });
});

test('the install offer on /home (Chromium): kept from the browser, offered, dismissed for good', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('#pwa-prompts')).toHaveCount(1);
  // The browser's offer, as Chromium makes it once the app is installable (headless never does).
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => Object.assign(window, { prompted: true }),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      dispatchEvent(event);
      return event.defaultPrevented;
    });
  // The app makes the offer itself: the browser's own bar is held back.
  expect(await offer()).toBe(true);
  const card = page.getByTestId('pwa-install');
  await expect(card).toBeVisible();
  await expect(card).toContainText('安装 Breakshot');
  // Above the tab bar, not over it.
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual((await page.locator('.tab-bar').boundingBox())!.y);
  // Only on /home.
  await page.getByText('我的', { exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(card).toBeHidden();
  await page.goBack();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: '安装' }).click();
  await expect.poll(() => page.evaluate(() => 'prompted' in window)).toBe(true);
  await expect(card).toBeHidden();

  // Turned down: not offered again, even when the browser offers it again after a reload.
  await page.reload();
  await expect(page.locator('#pwa-prompts')).toHaveCount(1);
  await offer();
  await page.waitForTimeout(500);
  await expect(card).toBeHidden();
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('a one-time hint to add the app to the home screen, with the share icon', async ({ page }) => {
    await page.goto('/home');
    const hint = page.getByTestId('pwa-ios-hint');
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('添加到主屏幕');
    await expect(hint).toContainText('点击 Safari 底部的分享按钮，再选择“添加到主屏幕”');
    await expect(hint.locator('svg.pwa-install-share')).toBeVisible();
    await hint.getByRole('button', { name: '关闭' }).click();
    await expect(hint).toBeHidden();

    await page.reload();
    await expect(page.locator('#pwa-prompts')).toHaveCount(1);
    await page.waitForTimeout(500);
    await expect(hint).toBeHidden();
  });
});
