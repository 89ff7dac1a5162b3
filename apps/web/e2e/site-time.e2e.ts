// Times on the site's clock: a player abroad reads one deposit's times alike everywhere on its page.
import { expect, test } from '@playwright/test';
import { registerViaUi, tokenOf, uniqueUsername } from './helpers';

// The phone's clock in Los Angeles, the site's in its config (the seed's: Asia/Shanghai, UTC+8).
test.use({ timezoneId: 'America/Los_Angeles' });

/** An instant as the site's wall clock with seconds, worked out here (not by the app's code). */
function siteClock(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value;
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

test('a deposit order shows the same site time in its details and its timeline, on a phone in another zone', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
  await registerViaUi(page, uniqueUsername('tz'));

  await page.goto('/user/chongzhi');
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('deposit-amount-input').fill('100');
  const cashierOpened = context.waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const cashier = await cashierOpened;
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('deposit-details')).toHaveAttribute('data-status', 'PAID');
  await cashier.close();

  const orderNo = (await page.getByTestId('deposit-order-no').textContent())?.replace(/[^\w]/g, '') ?? '';
  const config = (await (await page.request.get('/api/v9/config')).json()) as { data: { sys: { timeZone: string } } };
  const order = (await (
    await page.request.post('/api/v9/user/recharge/details', {
      headers: { token: await tokenOf(page) },
      data: { orderNo },
    })
  ).json()) as { data: { createdAt: string; paidAt: string } };
  const created = siteClock(order.data.createdAt, config.data.sys.timeZone);
  const paid = siteClock(order.data.paidAt, config.data.sys.timeZone);

  await expect(page.getByTestId('deposit-created-at')).toHaveText(created);
  await expect(page.locator('[data-step="created"] .tl-time')).toHaveText(created);
  await expect(page.getByTestId('deposit-paid-at')).toHaveText(paid);
  await expect(page.locator('[data-step="paid"] .tl-time')).toHaveText(paid);
  // Said once: which clock these are on.
  await expect(page.getByTestId('zone-note')).toHaveCount(1);
  await expect(page.getByTestId('zone-note')).toHaveText('以上时间均为站点时间（UTC+8）');
});
