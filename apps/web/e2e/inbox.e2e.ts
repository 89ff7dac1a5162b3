// Messages and feedback: a system message about a deposit, read in the
// inbox; feedback with an image, answered by the operator.
import { expect, test, type Page } from '@playwright/test';
import { adminCli, expectInputsUnzoomable, registerViaUi, tokenOf, uniqueUsername } from './helpers';

/** A 1×1 PNG: the server checks the bytes and re-encodes them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The unread count on the 我的 tab (0 when no badge shows). */
const tabBadge = async (page: Page) => {
  const badge = page.getByTestId('tab-unread');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

test('a deposit brings a message and the badge; the player reads it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await registerViaUi(page, uniqueUsername('inb'));
  await page.getByText('我的', { exact: true }).click();
  await expect(page.locator('.user-wallet-balance')).toBeVisible();
  // Announcements count as unread too: the badge starts at the server's count of them.
  const unread = await page.request.post('/api/v9/notice/userMessageUnreadCount', {
    headers: { token: await tokenOf(page), 'content-type': 'application/json' },
    data: {},
  });
  const before = ((await unread.json()) as { data: { total: number } }).data.total;
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => tabBadge(page)).toBe(before);

  const payTab = await context.newPage();
  await payTab.goto('/user/chongzhi');
  await payTab.getByTestId('channel-sandbox').click();
  await payTab.getByTestId('deposit-amount-input').fill('200');
  const cashierOpened = payTab.waitForEvent('popup');
  await payTab.getByTestId('deposit-submit').click();
  const cashier = await cashierOpened;
  await cashier.waitForURL('**/pay/sandbox/**');
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByText('支付成功')).toBeVisible();
  const orderNo = new URL(cashier.url()).pathname.split('/')[3] ?? '';
  await cashier.close();
  await payTab.close();

  // The live connection brings the message: both badges go up without a reload.
  await expect.poll(() => tabBadge(page)).toBe(before + 1);
  await expect(page.locator('.user-grid-badge')).toHaveText(String(before + 1));

  await page.getByText('我的消息').click();
  await expect(page).toHaveURL(/\/user\/myMessage/);
  await page.getByTestId('tab-message').click();
  const row = page.getByTestId('inbox-row').filter({ hasText: '充值到账' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText(orderNo);
  await row.click();
  await expect(page).toHaveURL(/\/user\/messageDetails\?tab=message&id=\d+/);
  await expect(page.getByTestId('message-details')).toHaveAttribute('data-kind', 'deposit_credited');
  await expect(page.getByTestId('message-body')).toContainText(orderNo);
  await expect(page.getByTestId('message-body')).toContainText('¥202.00');
  await page.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/cunkuanDetails\\?orderNo=${orderNo}`));
  await page.goto('/user/myMessage?tab=message');
  await expect(page.getByTestId('inbox-row').filter({ hasText: '充值到账' })).toHaveAttribute('data-read', 'true');
  // Opened, so read: the badge is back where it was.
  await page.goto('/user');
  await expect.poll(() => tabBadge(page)).toBe(before);
});

test('feedback with an image; the operator’s answer shows in the list and as a message', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaUi(page, uniqueUsername('fbk'));
  await page.goto('/user/fankui');
  await expect(page.getByTestId('feedback-list-empty')).toBeVisible();
  await expectInputsUnzoomable(page);

  await page.getByRole('radio', { name: '问题' }).click();
  await page.getByTestId('field-content-input').fill('投注记录页面\n打开后偶尔空白');
  await expect(page.getByTestId('content-counter')).toHaveText('14/500');
  await page.locator('.adm-image-uploader input[type=file]').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.locator('.adm-image-uploader-cell img')).toHaveAttribute('src', /\/api\/v9\/files\/.+\.png$/);
  await page.getByTestId('field-contact-input').fill('player@example.com');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByText('反馈已提交，感谢您的意见')).toBeVisible();

  const row = page.getByTestId('feedback-row').first();
  await expect(row).toHaveAttribute('data-answered', 'false');
  await expect(row).toContainText('打开后偶尔空白');
  await expect(row.locator('img')).toHaveCount(1);
  const id = (await row.getAttribute('data-id')) ?? '';

  expect(adminCli('feedback', 'open')).toMatch(new RegExp(`^${id}\\s`, 'm'));
  expect(adminCli('feedback-reply', id, '已修复，感谢反馈')).toContain(`feedback ${id}`);

  await page.reload();
  await expect(page.getByTestId('feedback-row').first()).toHaveAttribute('data-answered', 'true');
  await expect(page.getByTestId('feedback-reply').first()).toContainText('已修复，感谢反馈');
  await page.goto('/user/myMessage?tab=message');
  await expect(page.getByTestId('inbox-row').first()).toHaveAttribute('data-kind', 'feedback_replied');
});
