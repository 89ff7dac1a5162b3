// Bind a mobile with the code from the SMS outbox, then reset a
// forgotten password by SMS (/wangjipass → /newpass) and log in with the new one.
import { expect, test, type Page } from '@playwright/test';
import {
  adminCli,
  CAPTCHA,
  expectInputsUnzoomable,
  expectOverlaysFit,
  loginViaUi,
  registerViaUi,
  uniqueUsername,
} from './helpers';

/** A mainland mobile unique to this run. */
const uniqueMobile = () => `139${String(Date.now()).slice(-8)}`;

/** The newest code the outbox holds for a mobile, read as the operator would (`npm run admin`). */
function codeFromOutbox(mobile: string): string {
  const out = adminCli('sms-outbox', mobile);
  const code = /验证码 (\d{6})/.exec(out)?.[1];
  if (!code) throw new Error(`no code for ${mobile} in the outbox:\n${out}`);
  return code;
}

async function fillCaptcha(page: Page) {
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.locator('input[name=captchaCode]').fill(CAPTCHA);
}

test('bind a mobile with the outbox code, then reset a forgotten password by SMS', async ({ page }) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('sec');
  const mobile = uniqueMobile();
  await registerViaUi(page, username);

  // Bind the mobile.
  await page.goto('/user/mobile');
  await expect(page.getByTestId('mobile-bind')).toBeVisible();
  await page.getByTestId('mobile-input-input').fill('1234');
  await page.getByTestId('sms-code-send').click();
  await expect(page.getByTestId('mobile-input-error')).toBeVisible();
  await page.getByTestId('mobile-input-input').fill(mobile);
  await page.getByTestId('sms-code-send').click();
  await expect(page.getByTestId('sms-code-send')).toHaveText(/\d+ 秒后重发/);
  await expect(page.getByTestId('sms-code-send')).toBeDisabled();
  await expectInputsUnzoomable(page);
  await page.getByTestId('sms-code-input').fill(codeFromOutbox(mobile));
  await page.getByTestId('mobile-bind-submit').click();
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  await expect(page.getByTestId('mobile-current')).toHaveText(masked);
  await expect(page.getByTestId('mobile-change')).toBeVisible();

  // The fund-password field of the withdraw page offers the reset sheet; it fits a small screen.
  await page.goto('/user/qukuan');
  await page.getByTestId('forgot-fund-password').click();
  await expect(page.getByTestId('fund-reset-sheet')).toContainText(masked);
  await expectOverlaysFit(page);
  await page.getByTestId('fund-reset-sheet').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('fund-reset-sheet')).toHaveCount(0);

  // Log out.
  await page.goto('/user');
  await page.getByRole('button', { name: '退出登录' }).click();
  // The confirmation's own button (the page's button may still be the last one when it opens).
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Forgot the password: the login page links to /wangjipass.
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/wangjipass$/);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=mobile]').fill(mobile);
  await fillCaptcha(page);
  const send = page.getByTestId('sms-code-send');
  await send.click();
  // Within a minute of the bind code: the server says how long to wait and the button counts it down.
  await expect(page.getByTestId('sms-code-error')).toContainText('秒后再获取验证码');
  await expect(send).toBeDisabled();
  await expect(send).toBeEnabled({ timeout: 70_000 });
  await fillCaptcha(page);
  await send.click();
  await expect(send).toHaveText(/\d+ 秒后重发/);
  await page.getByTestId('sms-code-input').fill(codeFromOutbox(mobile));
  await page.getByRole('button', { name: '下一步' }).click();

  // New password.
  await expect(page).toHaveURL(/\/newpass$/);
  await page.locator('input[name=password]').fill('brandnew77');
  await page.locator('input[name=confirmPassword]').fill('brandnew78');
  await page.getByTestId('newpass-submit').click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.locator('input[name=confirmPassword]').fill('brandnew77');
  await page.getByTestId('newpass-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('密码已重置，请用新密码登录')).toBeVisible();

  // The old password no longer works; the new one does.
  await loginViaUi(page, username, 'secret123');
  await expect(page.getByTestId('login-alert')).toBeVisible();
  await loginViaUi(page, username, 'brandnew77');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/user/mobile');
  await expect(page.getByTestId('mobile-current')).toHaveText(masked);
});
