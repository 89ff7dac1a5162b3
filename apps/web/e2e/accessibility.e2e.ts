// Accessibility (docs/design.md §2): axe's WCAG 2.1 AA rules on the pages a guest, a player and an
// agent use most, loaded with their data; and a keyboard's focus shows. The main flows' tests call
// expectAccessible too, on their sheets and dialogs.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginViaUi } from './helpers';

async function expectPageAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

test('a guest’s pages pass axe', async ({ page }) => {
  // axe takes up to 20 s on /home and a match's page (long pages) on a busy 2-core machine.
  test.setTimeout(180_000);
  await page.goto('/home');
  const match = page.locator('a[href^="/taiqiu/"]').first();
  await expect(match).toBeVisible();
  const matchPath = (await match.getAttribute('href'))!;
  for (const path of ['/home', matchPath, '/login', '/register', '/taiqiuguize']) {
    await expectPageAccessible(page, path);
  }
});

test('a player’s and an agent’s pages pass axe, and a keyboard’s focus shows in gold', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await loginViaUi(page, 'demoagent', 'demo1234');
  await page.waitForURL(/\/home$/);
  for (const path of [
    '/user',
    '/user/touzhulogs',
    '/user/youhui',
    '/user/youhuiJiaZeng',
    '/user/zijinmingxi',
    '/user/fuli',
    '/user/qukuan',
    '/user/setting',
    '/user/daili/shouye',
    '/user/daili/baobiao',
  ]) {
    await expectPageAccessible(page, path);
  }

  // The first Tab reaches the top bar's back button, named and ringed in the theme's gold.
  await page.goto('/user/touzhulogs');
  // The app has drawn the page over the server's skeleton, which no key reaches (it is inert).
  await expect(page.locator('.skeleton-frame')).toHaveCount(0);
  const back = page.getByRole('button', { name: '返回' });
  await expect(back).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(back).toBeFocused();
  expect(await back.evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(242, 195, 91)');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/touzhulogs/);
});
