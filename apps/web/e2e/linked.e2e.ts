// Linked accounts (docs/design.md §9): two players registered on one phone share the device id
// the app keeps; risk sees each on the other's page under 关联账户, with why.
import { expect, test } from '@playwright/test';
import { consoleAs, registerViaUi, uniqueUsername } from './helpers';

test('two players registered on one phone are linked by the device in the console', async ({ browser, page }) => {
  // Three registrations through the pages and the console: about 50 s on an idle machine, twice that beside the server suite.
  test.setTimeout(240_000);
  /** The player page makes a dozen reads at once: beside the server suite its cards have taken over 10 s to fill. */
  const loaded = { timeout: 30_000 };
  const first = uniqueUsername('twa');
  await registerViaUi(page, first);
  const device = await page.evaluate(() => localStorage.getItem('device_id'));
  expect(device).toBeTruthy();

  // Log out: the device id stays, it is the phone's.
  await page.getByText('我的', { exact: true }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const second = uniqueUsername('twb');
  await registerViaUi(page, second);
  expect(await page.evaluate(() => localStorage.getItem('device_id'))).toBe(device);

  // Another phone's player is not linked to them.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const stranger = uniqueUsername('twc');
  await registerViaUi(await other.newPage(), stranger);

  const { desk, page: ops } = await consoleAs(browser, 'link', 'risk', 'Linked-e2e-2026!');
  await ops.goto(`/admin/players/${second}`);
  const links = ops.getByTestId('player-links');
  const row = links.locator('tr', { hasText: first });
  await expect(row).toContainText('同设备', loaded);
  await expect(links).not.toContainText(stranger);
  await row.getByRole('link', { name: first }).click();
  await expect(ops).toHaveURL(new RegExp(`/admin/players/${first}$`));
  await expect(ops.getByTestId('player-links').locator('tr', { hasText: second })).toContainText('同设备', loaded);
  await ops.goto(`/admin/players/${stranger}`);
  await expect(ops.getByText('未发现关联账户')).toBeVisible(loaded);
  await other.close();
  await desk.close();
});
