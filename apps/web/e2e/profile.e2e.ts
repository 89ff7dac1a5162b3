// Change nickname and avatar (an uploaded PNG), then set a deposit
// limit and see a deposit over it refused; the operator's CLI shows the limit.
import { expect, test } from '@playwright/test';
import { adminCli, expectInputsUnzoomable, expectOverlaysFit, registerViaUi, uniqueUsername } from './helpers';

/** A real 16×16 PNG (the server checks the bytes and re-encodes them). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVR4nGN4YGlHEmIY1WA5GkoPhmvSAAD701cQYu1+wwAAAABJRU5ErkJggg==',
  'base64',
);
const FILE_URL = /^\/api\/v9\/files\/[A-Za-z0-9_-]{22}\.(png|webp|jpg)$/;

test('nickname and an uploaded avatar show on the profile and /user; a deposit limit refuses a deposit over it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('pro');
  await registerViaUi(page, username);

  // Settings → profile → edit.
  await page.goto('/user/setting');
  await page.getByTestId('set-profile').click();
  await expect(page).toHaveURL(/\/user\/gerenziliao$/);
  await expect(page.getByTestId('row-username')).toHaveText(username);
  await page.getByTestId('profile-edit').click();
  await expect(page).toHaveURL(/\/user\/gerenxiugai$/);
  await expectInputsUnzoomable(page);

  await page.getByTestId('field-nickname-input').fill('  台球高手E2E ');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('头像已更新')).toBeVisible();
  const avatar = page.locator('.avatar-current img');
  await expect(avatar).toHaveAttribute('src', FILE_URL);
  const src = (await avatar.getAttribute('src'))!;

  // The profile page and /user show both, and the image really loads.
  await page.goto('/user/gerenziliao');
  await expect(page.getByTestId('row-nickname')).toHaveText('台球高手E2E');
  const shown = page.locator('.profile-avatar img');
  await expect(shown).toHaveAttribute('src', src);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto('/user');
  await expect(page.getByTestId('user-nickname')).toHaveText('台球高手E2E');
  await expect(page.locator('.user-avatar img')).toHaveAttribute('src', src);

  // A daily deposit limit of 100: a first limit applies at once.
  await page.goto('/user/setting');
  await page.getByTestId('limit-day-input').fill('100');
  await page.getByTestId('limits-save').click();
  await expect(page.getByText('限额已保存')).toBeVisible();
  await page.getByTestId('set-password').click();
  await expectOverlaysFit(page);
  await page.getByTestId('password-sheet').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('password-sheet')).toBeHidden();
  expect(adminCli('player-limits', username)).toMatch(/day\s+100\.00\s+0\.00/);

  await page.goto('/user/chongzhi');
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('deposit-amount-input').fill('200');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByText('超出每日充值限额 100.00，今日还可充值 100.00')).toBeVisible();
});
