// An admin creates an operator in the console and hands over the one-time setup link; the operator
// opens it in a browser of their own, sets the password and the authenticator, and is logged in
// with the role given; the link opens nothing again (docs/security.md, "Operator setup links").
import { expect, test } from '@playwright/test';
import { consoleAs, enrolAuthenticator, pickOption, uniqueUsername } from './helpers';

test('an admin creates an operator with a setup link; the operator sets the password and authenticator through it and logs in', async ({
  browser,
}) => {
  // A guard against a hang, not a speed budget: two consoles, two passwords through argon2 and two
  // enrolments took over 120 s on a loaded CI machine.
  test.setTimeout(240_000);
  const { desk, page: admin } = await consoleAs(browser, 'boss', 'admin', 'Operators-e2e-2026!');
  await admin
    .getByRole('menu')
    .getByRole('menuitem', { name: /操作员/ })
    .click();
  await admin.getByRole('button', { name: /新建操作员/ }).click();
  const dialog = admin.getByRole('dialog');
  const name = uniqueUsername('risk');
  await dialog.getByLabel('用户名').fill(name);
  await pickOption(admin, dialog.getByRole('combobox', { name: '角色' }), '风控');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  const link = (await admin.getByTestId('setup-link').innerText()).trim();
  expect(link).toMatch(/\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
  await admin.getByRole('button', { name: /已复制，关闭/ }).click();
  await expect(admin.locator('tr', { hasText: name })).toContainText('待通过链接设置密码');

  // The operator, in a browser of their own.
  const own = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await own.newPage();
  await page.goto(link);
  await expect(page.getByTestId('setup-link-operator')).toContainText(name);
  await expect(page.getByTestId('setup-link-operator')).toContainText('风控');
  await page.getByLabel('登录密码').fill('a risk desk pass 2026');
  await page.getByLabel('再次输入密码').fill('a risk desk pass 2026');
  await page.getByRole('button', { name: /设置密码并继续/ }).click();
  await enrolAuthenticator(page);
  await expect(page.getByTestId('operator-name')).toHaveText(name);
  await expect(page.getByRole('menu').getByRole('menuitem', { name: /实时注单/ })).toBeVisible();

  // Used once: the link opens nothing again; the admin's list shows the authenticator bound.
  await page.goto(link);
  await expect(page.getByTestId('setup-link-ended')).toContainText('设置链接无效或已过期');
  await admin.reload();
  await expect(admin.locator('tr', { hasText: name })).toContainText('已绑定');
  await own.close();
  await desk.close();
});
