// The pages the server renders, /home, the match page, /login, /register, /wangjipass, the rule
// page and an announcement (apps/web src/ssr; docs/design.md §2, "Pages rendered on the server"), in Chromium:
// with JavaScript off the page already shows what matters (the players, the score and the odds;
// the account card, banners and matches; the login and register forms; the text); with it on, the
// app takes that page over (hydration) with no console error and nothing on screen moving, and
// what only the browser knows (a remembered name, an invite code, a tab's choices) comes after.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CAPTCHA, liveFeedMatch, loginViaUi, registerViaUi, uniqueUsername } from './helpers';

/** How each test's match is ended: a live match left behind would stand in /home's list for other tests. */
const ends: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const end of ends.splice(0)) await end();
});

/** A live match of a feed of the test's own (helpers.ts), its markets settled; abandoned after the test. */
async function liveMatch(request: APIRequestContext) {
  const { id, playerA, playerB, post } = await liveFeedMatch(request, 'ssr');
  ends.push(() => post({ type: 'match_abandoned', reason: 'e2e' }));
  // Its markets settled after the events (each suspends and re-prices them): what the page shows
  // then moves only with the next event, so a shift would be the hydration's.
  let last = '';
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/v9/taiqiu/match', { data: { id } });
        const markets = ((await res.json()) as { data: { markets: unknown } }).data.markets;
        const [before, now] = [last, JSON.stringify(markets)];
        last = now;
        return before === now;
      },
      { intervals: [500] },
    )
    .toBe(true);
  return { id, playerA, playerB, post };
}

test('with JavaScript off, the match page shows its players, score and odds', async ({ browser, request }) => {
  const match = await liveMatch(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/taiqiu/${match.id}`);
  const head = page.getByTestId('match-page');
  await expect(head).toHaveAttribute('data-status', 'live');
  await expect(head).toContainText(match.playerA);
  await expect(head).toContainText(match.playerB);
  await expect(page.getByTestId('match-score')).toHaveText(/0\s*:\s*0/);
  // The match winner's two prices, as the market board draws them.
  const winner = page.locator('[data-testid=market-winner]');
  await expect(winner.locator('[data-testid^="odds-"]')).toHaveCount(2);
  await expect(winner.locator('[data-testid^="odds-"]').first()).toContainText(/\d\.\d{2}/);
  // Styled: the page's own styles came with it, not with the app's code.
  await expect(page.getByTestId('match-score')).toHaveCSS('font-size', '38px');
  // Its odds and tabs say they do nothing yet (a screen reader reads them as unavailable).
  await expect(winner.locator('[data-testid^="odds-"]').first()).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('tab-frame-2')).toHaveAttribute('aria-disabled', 'true');
  await context.close();
});

test('odds tapped while the app is still loading are taken once it has taken the page over', async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  // A slow phone: the app's code arrives two seconds late.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2_000));
    await route.continue();
  });
  await page.goto(`/taiqiu/${match.id}`);
  const backA = page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first();
  await expect(backA).toContainText(/\d\.\d{2}/);
  await expect(backA).toBeDisabled();
  // The click waits for the odds to work, then is answered: a guest is asked to log in first.
  await backA.click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=.*taiqiu.*${match.id}`));
});

/** Console errors and warnings, and the layout shifts from the first paint on (as Lighthouse's CLS counts them). */
async function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => {
    type Shifted = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { shifts: { value: number; at: number; moved: string[] }[] };
    w.shifts = [];
    // What moved, for the failure's message: the element (tag, class, test id) and its top before → after.
    const named = ({ node, previousRect, currentRect }: Shifted) => {
      const el = node instanceof Element ? node : node?.parentElement;
      const name = el ? `${el.tagName.toLowerCase()}.${el.className}[${el.getAttribute('data-testid') ?? ''}]` : '?';
      return `${name} y ${Math.round(previousRect.y)}→${Math.round(currentRect.y)} h ${Math.round(previousRect.height)}→${Math.round(currentRect.height)}`;
    };
    new PerformanceObserver((list) => {
      const entries = list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: Shifted[];
      }[];
      for (const entry of entries) {
        if (!entry.hadRecentInput)
          w.shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved: entry.sources.map(named) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    problems,
    async expectClean() {
      expect(problems).toEqual([]);
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: { value: number; at: number; moved: string[] }[] }).shifts,
      );
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.001);
    },
  };
}

test('with JavaScript, the app hydrates the server page: no console error, no layout shift', async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  const watch = await watchHydration(page);
  const served = await (await request.get(`/taiqiu/${match.id}`)).text();
  expect(served, 'the server rendered the page').toContain('data-rendered="zh-CN"');

  await page.goto(`/taiqiu/${match.id}`);
  await expect(page.getByTestId('match-page')).toContainText(match.playerA);
  // The app is running on it: a tab of the market board answers a click.
  await page.getByTestId('tab-frame-2').click();
  await expect(page.locator('[data-testid=section-frame][data-frame="2"]')).toBeVisible();
  // Hydrated (the tracker and the fairness block, their own chunks, preloaded by the page, too):
  // shifts after this would be live news moving the page, not the hydration.
  await expect(page.getByTestId('tracker')).toBeVisible();
  await watch.expectClean();
});

test('the server’s page carries its own styles: no stylesheet of its own blocks the first paint, none is fetched after', async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  const served = await (await request.get(`/taiqiu/${match.id}`)).text();
  const head = served.slice(0, served.indexOf('</head>'));
  // Linked: only the app's own (index.html's); the page's are inlined, each named by a disabled link.
  const linked = [...head.matchAll(/<link rel="stylesheet"(?! disabled)[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(
    linked.every((href) => /\/assets\/(vendor|start|index)-[\w-]+\.css$/.test(href!)),
    linked.join(),
  ).toBe(true);
  const inlined = [...head.matchAll(/<link rel="stylesheet" disabled href="([^"]+)"/g)].map((m) => m[1]!);
  expect(inlined.some((href) => href.includes('/tracker-'))).toBe(true);
  expect(head).toContain('<style>');

  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`/taiqiu/${match.id}`);
  await page.getByTestId('tab-frame-2').click();
  await expect(page.locator('[data-testid=section-frame][data-frame="2"]')).toBeVisible();
  // Styled by the inlined rules (tracker.css).
  await expect(page.getByTestId('tracker')).toHaveCSS('margin-top', '12px');
  expect(fetched.filter((path) => inlined.includes(path))).toEqual([]);
});

test('news of the match while the tracker’s code is on its way: the server’s tracker stays, nothing jumps', async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  const watch = await watchHydration(page);
  // React swaps a part it has not hydrated yet for its fallback when an update reaches it, and
  // draws it again once its code is in: the board below moved up, then back down (CLS 0.9).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { served: Element | null }).served = document.querySelector('[data-testid=tracker]');
    });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const held = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/tracker-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await page.goto(`/taiqiu/${match.id}`, { waitUntil: 'domcontentloaded' });
  await held;
  await expect(page.getByTestId('tracker-points-a')).toHaveText('12');
  // A visit while the tracker's code is held back, told to every page that listens.
  await match.post({ type: 'visit', frame: 1, player: 'a', points: 5, break: 17, foul: 0 });
  await page.waitForTimeout(1_500);
  release();
  // The app has taken the page over and shows the visit, in the tracker the server drew.
  await expect(page.getByTestId('tracker-points-a')).toHaveText('17');
  expect(await page.evaluate(() => (window as unknown as { served: Element | null }).served?.isConnected)).toBe(true);
  await watch.expectClean();
});

test('/home: a guest gets it whole from the server and the app takes it over; a player never sees the guest’s card', async ({
  browser,
  page,
  request,
}) => {
  await liveMatch(request);
  // JavaScript off: the account card, the banners and the matches, as the server rendered them.
  const still = await browser.newContext({ javaScriptEnabled: false });
  const off = await still.newPage();
  await off.goto('/home');
  await expect(off.locator('.home-guest')).toContainText('登录');
  await expect(off.getByTestId('banner-carousel')).toBeVisible();
  // The live matches (other tests' too), as its list answers.
  await expect(off.getByTestId('home-match').first()).toHaveAttribute('data-match-id', /^\d+$/);
  await still.close();

  const watch = await watchHydration(page);
  await page.goto('/home');
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await page.waitForLoadState('networkidle');
  await watch.expectClean();
  // The first screen builds no contract's schema: neither zod nor the contracts' chunk is loaded
  // (vite.config.ts, contracts-plain; bench/README.md).
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  expect(scripts.filter((path) => /^\/assets\/(zod(-core)?|contracts)-[\w-]{8}\.js$/.test(path))).toEqual([]);
  // The app runs on it: a match's card opens its page (the first now: a match may have ended since).
  const first = page.getByTestId('home-match').first();
  const firstId = await first.getAttribute('data-match-id');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/taiqiu/${firstId}$`));

  // A player: no frame ever shows the guest's card (the server renders /home for guests only),
  // checked at each frame until the app shows the balance.
  await registerViaUi(page, uniqueUsername('ssr'));
  await page.addInitScript(() => {
    const w = window as unknown as { sawGuest: boolean };
    w.sawGuest = false;
    const frame = () => {
      if (document.querySelector('.home-guest')) w.sawGuest = true;
      if (!document.querySelector('[data-testid=home-balance]')) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto('/home');
  await expect(page.getByTestId('home-balance')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawGuest?: boolean }).sawGuest ?? false)).toBe(false);
});

/** Logs the page's player out, as they would: 我的 › 退出登录. */
async function logOut(page: Page) {
  await page.goto('/user');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('/login: the server renders the form; the app takes it over and fills in the name this browser remembers', async ({
  browser,
  page,
}) => {
  const still = await browser.newContext({ javaScriptEnabled: false });
  const off = await still.newPage();
  await off.goto('/login');
  for (const field of ['username', 'password', 'captchaCode'])
    await expect(off.locator(`input[name=${field}]`)).toBeVisible();
  await expect(off.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await still.close();

  // A player who logged in with 记住账号, then out.
  const username = uniqueUsername('ssrl');
  await registerViaUi(page, username);
  await logOut(page);
  await page.goto('/login');
  await page.locator('input[type=checkbox]').check();
  await loginViaUi(page, username);
  await expect(page).toHaveURL(/\/home$/);
  await logOut(page);

  const watch = await watchHydration(page);
  await page.goto('/login');
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.locator('input[name=username]')).toHaveValue(username);
  await expect(page.locator('input[type=checkbox]')).toBeChecked();
  await expect(page.getByTestId('login-passkey')).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await watch.expectClean();
  // The app runs on it: the remembered name logs in.
  await loginViaUi(page, username);
  await expect(page).toHaveURL(/\/home$/);
});

test('/register: the server renders the form and the app takes it over; an invite code the tab keeps is locked in after', async ({
  browser,
  page,
}) => {
  const still = await browser.newContext({ javaScriptEnabled: false });
  const off = await still.newPage();
  await off.goto('/register');
  for (const field of ['username', 'password', 'confirmPassword', 'captchaCode', 'inviteCode'])
    await expect(off.locator(`input[name=${field}]`)).toBeVisible();
  await still.close();

  const watch = await watchHydration(page);
  await page.goto('/register');
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await watch.expectClean();

  // The tab came through an invite link (kept by lib/invite.ts): the code fills in and locks.
  await page.evaluate(() => sessionStorage.setItem('invite_code', 'SSR2468'));
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.locator('input[name=inviteCode]')).toHaveValue('SSR2468');
  await expect(page.locator('input[name=inviteCode]')).toHaveAttribute('readonly', '');
  expect(watch.problems).toEqual([]);
});

test('/wangjipass: the server renders the recovery form and the app takes it over', async ({ browser, page }) => {
  const still = await browser.newContext({ javaScriptEnabled: false });
  const off = await still.newPage();
  await off.goto('/wangjipass');
  for (const field of ['username', 'mobile', 'captchaCode'])
    await expect(off.locator(`input[name=${field}]`)).toBeVisible();
  await expect(off.locator('input[autocomplete=one-time-code]')).toBeVisible();
  // Its send button shows, but says it does nothing without the app.
  await expect(off.locator('.sms-send')).toHaveAttribute('aria-disabled', 'true');
  await still.close();

  const watch = await watchHydration(page);
  await page.goto('/wangjipass');
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await watch.expectClean();
  // The app runs on it: sending the code first asks for the fields it needs.
  await expect(page.locator('.sms-send')).not.toHaveAttribute('aria-disabled');
  await page.locator('.sms-send').click();
  await expect(page.locator('input[name=username]')).toHaveAttribute('aria-invalid', 'true');
});

test('what a player types into the server’s form before the app has taken it over is kept', async ({ page }) => {
  // The app's code held back until the player has typed (a slow phone on a slow network).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/register', { waitUntil: 'commit' });
  const username = uniqueUsername('early');
  await page.locator('input[name=username]').fill(username);
  // Nothing can be sent yet: an Enter would send the form as a plain GET, fields in the address.
  await expect(page.getByRole('button', { name: '注册', exact: true })).toBeDisabled();
  await page.locator('input[name=username]').press('Enter');
  await page.waitForTimeout(500); // time for a navigation that must not come
  expect(new URL(page.url()).search).toBe('');
  release();

  // Hydrated (the captcha is the app's), the rest filled in: the form sends the name typed first.
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.locator('input[name=password]').fill('secret123');
  await page.locator('input[name=confirmPassword]').fill('secret123');
  await page.locator('input[name=captchaCode]').fill(CAPTCHA);
  await page.locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/user');
  await expect(page.getByTestId('user-username')).toContainText(username);
});

test('the rule page and an announcement: their text is in the server’s page, and the app takes it over', async ({
  browser,
  page,
  request,
}) => {
  const notices = await request.post('/api/v9/notice/list', { data: { type: 'notice', page: 1, pageSize: 1 } });
  const [notice] = ((await notices.json()) as { data: { list: { id: number; title: string }[] } }).data.list;
  expect(notice, 'the demo site has an announcement').toBeDefined();
  const rules = (
    (await (await request.post('/api/v9/content/get', { data: { key: 'taiqiu_rules' } })).json()) as {
      data: { title: string };
    }
  ).data;

  const pages = [
    { path: '/taiqiuguize', title: rules.title },
    { path: `/details/${notice!.id}`, title: notice!.title },
  ];
  const still = await browser.newContext({ javaScriptEnabled: false });
  const off = await still.newPage();
  for (const { path, title } of pages) {
    await off.goto(path);
    await expect(off.locator('h1.article-title')).toHaveText(title);
  }
  await still.close();

  for (const { path, title } of pages) {
    const watch = await watchHydration(page);
    await page.goto(path);
    await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
    await expect(page.locator('h1.article-title')).toHaveText(title);
    await page.waitForLoadState('networkidle');
    await watch.expectClean();
  }
});

test("a tab's choices (the lobby's category, the tracker folded) come back on the server's pages, with no hydration error", async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  // Each click once the app has taken the server's page over (before, a tap does nothing).
  await page.goto(`/taiqiu/${match.id}`);
  await page.waitForLoadState('networkidle');
  await page.getByTestId('tracker-toggle').click();
  await expect(page.getByTestId('tracker-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  await page.getByTestId('games-tab-slots').click();

  const watch = await watchHydration(page);
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.getByTestId('games-tab-slots')).toHaveAttribute('aria-selected', 'true');
  await page.goto(`/taiqiu/${match.id}`);
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'zh-CN');
  await expect(page.getByTestId('tracker-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.waitForLoadState('networkidle');
  expect(watch.problems).toEqual([]);
});

test('a player’s page: the server draws its skeleton, never a guess, and the app draws the player’s page over it', async ({
  browser,
  page,
  request,
}) => {
  // A guest is sent to /login by the app: the server draws no skeleton for them.
  expect(await (await request.get('/user/touzhulogs')).text()).not.toContain('data-skeleton');
  const username = uniqueUsername('skel');
  await registerViaUi(page, username);

  // JavaScript off: the layout, the title and the page's loading state, in the page's styles.
  const still = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const off = await still.newPage();
  await off.goto('/user/touzhulogs');
  await expect(off.locator('#root')).toHaveAttribute('data-skeleton', '');
  await expect(off.locator('.top-bar')).toContainText('投注记录');
  await expect(off.locator('.tab-bar')).toContainText('我的');
  await expect(off.getByTestId('list-skeleton')).toBeVisible();
  await expect(off.locator('.top-bar')).toHaveCSS('position', /sticky|fixed/);
  // Inert until the app draws the page: nothing there a tap or the keyboard can act on.
  await off.keyboard.press('Tab');
  await expect(off.locator('#root :focus')).toHaveCount(0);
  await expect(off.locator('.top-bar-back').click({ timeout: 1_000 })).rejects.toThrow(
    /intercepts pointer events|not receive|Timeout/,
  );
  // /user: the player's name and balance are coming, not failed; nothing of the player is in it.
  await off.goto('/user');
  await expect(off.locator('.user-head .adm-skeleton').first()).toBeVisible();
  await expect(off.locator('#root')).not.toContainText('加载失败');
  await expect(off.locator('#root')).not.toContainText(username);
  await still.close();

  // JavaScript on: the app draws the player's page in its place, with no console error.
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto('/user');
  await expect(page.getByTestId('user-nickname')).toHaveText(username);
  await page.goto('/user/touzhulogs');
  await expect(page.locator('#root .top-bar')).toContainText('投注记录');
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
  expect(problems).toEqual([]);
});
