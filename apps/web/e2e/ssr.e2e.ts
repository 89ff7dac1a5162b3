// The match page as the server renders it (apps/web src/ssr, docs/design.md §2, "Pages rendered on the server"), in Chromium: with
// JavaScript off the page already shows the players, the score and the odds; with it on, the app
// takes that page over (hydration) with no console error and nothing on screen moving.
import { expect, test } from '@playwright/test';
import { feedMatch, newFeed } from './helpers';

/** A live match of a feed of the test's own, frame 1 on at 0:0: its id and players. */
async function liveMatch(request: Parameters<typeof newFeed>[0]) {
  const suffix = Date.now().toString(36).slice(-6);
  const post = feedMatch(await newFeed(request, 'ssr'), request, `m-${suffix}`);
  const [playerA, playerB] = [`甲${suffix}`, `乙${suffix}`];
  await post(
    { type: 'match_scheduled', playerA, playerB, bestOf: 5, startAt: new Date().toISOString(), frameWinA: 0.5 },
    { type: 'match_started' },
    { type: 'frame_started', frame: 1, breaker: 'a' },
    { type: 'visit', frame: 1, player: 'a', points: 12, break: 12, foul: 0 },
  );
  const list = (await (
    await request.post('/api/v9/taiqiu/matches', { data: { page: 1, pageSize: 50, status: 'live' } })
  ).json()) as { data: { list: { id: number; playerA: { name: string } }[] } };
  const id = list.data.list.find((m) => m.playerA.name === playerA)?.id;
  expect(id, 'the feed match is live').toBeTruthy();
  return { id: id!, playerA, playerB };
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
  await context.close();
});

test('with JavaScript, the app hydrates the server page: no console error, no layout shift', async ({
  page,
  request,
}) => {
  const match = await liveMatch(request);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  // Every layout shift from the first paint on, as Lighthouse's CLS counts them.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const served = await (await request.get(`/taiqiu/${match.id}`)).text();
  expect(served, 'the server rendered the page').toContain('data-rendered="zh-CN"');

  await page.goto(`/taiqiu/${match.id}`);
  await expect(page.getByTestId('match-page')).toContainText(match.playerA);
  // The app is running on it: a tab of the market board answers a click.
  await page.getByTestId('tab-frame-2').click();
  await expect(page.locator('[data-testid=section-frame][data-frame="2"]')).toBeVisible();
  // The tracker and the fairness block (their own chunks) have hydrated too.
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(
    shifts.reduce((sum, v) => sum + v, 0),
    `layout shifts ${JSON.stringify(shifts)}`,
  ).toBeLessThanOrEqual(0.001);
  expect(problems).toEqual([]);
});
