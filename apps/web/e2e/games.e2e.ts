// Provider games end to end in Chromium: the /home lobby, the full-screen game page with its live
// balance (the built-in demo provider's slot, over the seamless wallet), the bet records; and the
// public live channel that spares a guest's match page its polling.
import { expect, test, type Page } from '@playwright/test';
import { adminCli, minorUnits, registerViaUi, uniqueUsername, watchLive } from './helpers';

/** How often a match page polls while its live connection is not open (POLL_MS of taiqiu/match-page.tsx). */
const POLL_MS = 5_000;

const topBarBalance = async (page: Page) => minorUnits(await page.getByTestId('game-balance').textContent());

test('a player launches the demo slot from /home, plays three rounds with a live balance, and finds them under 电子', async ({
  page,
}) => {
  const username = uniqueUsername('slot');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');
  await expect.poll(async () => minorUnits(await page.getByTestId('home-balance').textContent())).toBe(50_000);

  // The lobby: 电子 lists the demo provider's slot; its tile opens the game full screen.
  await page.getByTestId('game-lobby').getByRole('tab', { name: '电子' }).click();
  const tile = page.getByTestId('game-tile').first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/game\/[^/]+$/);
  await expect(page.getByTestId('game-page')).toBeVisible();
  await expect(page.locator('.tab-bar')).toHaveCount(0);
  await expect.poll(() => topBarBalance(page)).toBe(50_000);

  // Every value the top bar shows, as it changes (no reload may happen: the marker would go).
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[]; sameDocument: boolean };
    w.sameDocument = true;
    w.seen = [];
    const bar = document.querySelector('[data-testid=game-balance]')!;
    new MutationObserver(() => w.seen.push(bar.textContent ?? '')).observe(bar, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen.length);

  const game = page.frameLocator('[data-testid=game-frame]');
  const spin = game.locator('#spin');
  await expect(spin).toHaveText(/旋转/);
  const result = game.locator('#result');
  for (let round = 1; round <= 3; round += 1) {
    const seedBefore = await game.locator('#last-seed').textContent();
    const resultBefore = (await result.textContent()) ?? '';
    const changesBefore = await seen();
    await expect(spin).toBeEnabled();
    await spin.click();
    // The round is over when the slot reveals its seed; the stake left the balance and any win came back.
    await expect(game.locator('#last-seed')).not.toHaveText(seedBefore ?? '');
    // This round's outcome, not the last one's (each names its round).
    await expect(result).not.toHaveText(resultBefore);
    await expect(result).toHaveText(/第 \d+ 局/);
    await expect.poll(seen).toBeGreaterThan(changesBefore);
    // The game's balance and the top bar's agree after each round.
    const inGame = minorUnits(await game.locator('#balance').textContent());
    await expect.poll(() => topBarBalance(page)).toBe(inGame);
  }
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const final = await topBarBalance(page);

  // The game's own navigations (here: two within its page) add history entries: back still leaves the game.
  const frame = page.frames().find((f) => f.url().includes('/demo-provider/play'))!;
  await frame.evaluate(() => {
    location.hash = 'round-3';
    location.hash = 'rules';
  });
  // Back to /home, which shows the same balance.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(async () => minorUnits(await page.getByTestId('home-balance').textContent())).toBe(final);

  // The three rounds are bets of type 电子 in the records.
  await page.goto('/user/touzhulogs');
  await page.getByTestId('game-tabs').getByRole('tab', { name: '电子' }).click();
  await expect(page.locator('[data-testid=bet-records] [data-bet-no]')).toHaveCount(3);
  await expect(page.locator('[data-testid=bet-records] .bets-type-slots')).toHaveCount(3);
});

test('a guest’s match page follows the score over the public live channel and stops polling', async ({ page }) => {
  const created = adminCli('match-create', '林浩然', '陈子轩', '5', '+10');
  const matchId = /match (\d+) created/.exec(created)![1]!;
  const live = watchLive(page, 'guest');
  const loads: number[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/v9/taiqiu/match')) loads.push(Date.now());
  });

  await page.goto(`/taiqiu/${matchId}`);
  await expect(page.getByTestId('match-page')).toBeVisible();
  // The guest's socket: no token, answered with pong.
  await expect.poll(() => live.open().length).toBe(1);
  await expect.poll(() => live.open()[0]!.received.includes('pong')).toBe(true);
  expect(new URL(live.open()[0]!.ws.url()).search).toBe('');

  adminCli('match-score', matchId, '1', '0');
  await expect(page.getByTestId('match-score')).toHaveText('1:0');
  expect(live.received().some((f) => f.includes('"MATCH_UPDATED"'))).toBe(true);

  // With the connection open the page does not poll (it would every POLL_MS without it). Watched over
  // just more than one interval while one socket stays open; a busy machine may answer a ping late, and
  // the client then reconnects (rightly polling meanwhile): the next socket is watched instead.
  await expect.poll(() => Date.now() - (loads.at(-1) ?? 0)).toBeGreaterThan(1_000);
  let watched = false;
  for (let attempt = 0; attempt < 3 && !watched; attempt += 1) {
    await expect.poll(() => live.open().length).toBe(1);
    const socket = live.open()[0]!;
    const from = Date.now();
    await page.waitForTimeout(POLL_MS + 1_000);
    if (socket.closed) continue;
    expect(loads.filter((at) => at >= from)).toEqual([]);
    watched = true;
  }
  expect(watched, 'a guest socket that stayed open for a poll interval').toBe(true);
  adminCli('match-cancel', matchId, 'e2e');
});
