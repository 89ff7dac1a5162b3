// A player adds a passkey in /user/setting through Chromium's virtual authenticator (DevTools
// protocol), logs out and in with it on /login (no username, password or captcha), removes it,
// and a login with the removed passkey is refused with a clear message.
import { expect, test, type Page } from '@playwright/test';
import { registerViaUi, uniqueUsername } from './helpers';

// Chromium refuses an IP address as a relying party id: the app is opened at localhost here.
test.use({ baseURL: process.env.E2E_BASE_URL!.replace('127.0.0.1', 'localhost') });

/** A platform authenticator with user verification (a phone's fingerprint), always answering yes. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

async function logOut(page: Page) {
  await page.goto('/user/setting');
  await page.getByTestId('set-logout').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a passkey added in the settings logs in on /login; once removed it is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  const username = uniqueUsername('pk');
  await registerViaUi(page, username);

  // Settings → 通行密钥: none yet; add one with the login password.
  await page.goto('/user/setting');
  const section = page.getByTestId('set-passkeys');
  await expect(section.getByTestId('passkeys-empty')).toHaveText('还没有通行密钥');
  await section.getByTestId('passkey-add').click();
  await page.getByTestId('passkey-name-input').fill('E2E 手机');
  await page.getByTestId('passkey-password-input').fill('secret123');
  await page.getByTestId('passkey-add-submit').click();
  await expect(page.getByText('已添加通行密钥')).toBeVisible();
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('E2E 手机');
  await expect(row.getByTestId('passkey-used')).toHaveText('尚未使用');
  // Discoverable: the authenticator keeps it for a login without a username.
  expect((await authenticator.credentials()).map((c) => c.isResidentCredential)).toEqual([true]);

  // Log out, then in with the passkey alone.
  await logOut(page);
  await page.goto('/login');
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-balance')).toBeVisible();
  await page.goto('/user');
  await expect(page.getByTestId('user-username')).toContainText(username);
  await page.goto('/user/setting');
  await expect(row.getByTestId('passkey-used')).toContainText('最近使用');

  // Remove it (after a confirm), log out: the device still offers it, the server refuses it.
  await row.getByTestId('passkey-remove').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('删除通行密钥「E2E 手机」？');
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(section.getByTestId('passkeys-empty')).toBeVisible();

  await logOut(page);
  await page.goto('/login');
  await page.getByTestId('login-passkey').click();
  await expect(page.getByTestId('login-alert')).toHaveText('该通行密钥已删除或不属于本站账号，请使用密码登录');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
});
