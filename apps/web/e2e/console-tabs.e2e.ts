// The console's session is the browser's, not one tab's: a page opened in a new tab is logged
// in, and logging out in any tab sends every open tab to the login page.
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { adminCli, uniqueUsername } from './helpers';

const OPERATOR_PASSWORD = 'Console-tabs-2026!';

test('a new console tab is logged in; a logout in it logs the first tab out at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = uniqueUsername('tab');
  process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD;
  expect(adminCli('create-operator', name, 'risk')).toContain('created');
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const first = await desk.newPage();
  await first.goto('/admin/');
  await first.getByLabel('用户名').fill(name);
  await first.getByLabel('密码').fill(OPERATOR_PASSWORD);
  await first.getByRole('button', { name: /登\s*录/ }).click();
  const secret = (await first.getByTestId('totp-secret').innerText()).trim();
  await first.getByLabel('动态验证码').fill(new OTPAuth.TOTP({ secret }).generate());
  await first.getByRole('button', { name: '确认绑定并登录' }).click();
  await expect(first.getByTestId('operator-name')).toHaveText(name);

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
