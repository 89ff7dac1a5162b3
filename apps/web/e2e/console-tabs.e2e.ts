// The console's session is the browser's, not one tab's: a page opened in a new tab is logged
// in, and logging out in any tab sends every open tab to the login page.
import { expect, test } from '@playwright/test';
import { consoleAs } from './helpers';

const OPERATOR_PASSWORD = 'Console-tabs-2026!';

test('a new console tab is logged in; a logout in it logs the first tab out at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const { name, desk, page: first } = await consoleAs(browser, 'tab', 'risk', OPERATOR_PASSWORD);

  // As a ctrl-click opens it: the same browser, a page of its own, no password or code asked.
  const second = await desk.newPage();
  await second.goto('/admin/audit');
  await expect(second.getByTestId('operator-name')).toHaveText(name);
  await expect(second.getByLabel('用户名')).toHaveCount(0);

  await second.getByRole('button', { name: /退出登录/ }).click();
  await expect(second.getByLabel('用户名')).toBeVisible();
  // The first tab is not reloaded: it follows the logout by itself.
  await expect(first.getByLabel('用户名')).toBeVisible();
  expect(new URL(first.url()).pathname).toBe('/admin/login');
  await desk.close();
});
