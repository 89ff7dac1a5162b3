// The demo agent team (demo mode, on by default on the embedded database) as its agent sees it on
// a narrow phone: the members' bets by the games' names, the team's poker insurance in its
// report, whole member names, and chip rows that wrap so that no option sits off screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginViaUi } from './helpers';

test.use({ viewport: { width: 320, height: 800 } });

/** Every chip of the row lies inside the screen's width (none hidden past the right edge). */
async function expectAllOnScreen(page: Page, chips: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect(chips.first()).toBeVisible();
  for (const chip of await chips.all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x + box.width, `${await chip.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('the demo agent sees game names, the insurance report, whole names and every chip at 320 px', async ({ page }) => {
  await page.goto('/login');
  await loginViaUi(page, 'demoagent', 'demo1234');
  await page.waitForURL(/\/home$/);

  // 德州保险报表: the team's two ¥300 insurance premiums.
  await page.goto('/user/daili/dezhoubaoxian');
  await expect(page.getByTestId('report-summary').getByTestId('cell-premiums')).toContainText('¥600.00');

  // The member's details: the whole name, on two lines if need be.
  await page.goto('/user/daili/user');
  await page.getByTestId('member-rows').getByText('demomember1').click();
  const name = page.getByTestId('member-name');
  await expect(name).toHaveText('demomember1');
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

  // Their bets by the games' names, and a bet's round by its provider.
  await page.getByTestId('action-bets').click();
  const rows = page.getByTestId('member-bets');
  await expect(rows.locator('.bets-game')).toHaveText(['德州保险', '幸运九宫格']);
  await expect(rows).not.toContainText('poker');
  await rows.locator('.bets-row').first().click();
  await expect(page.getByTestId('detail-round')).toContainText('演示游戏');
  await expect(page.getByTestId('bet-details')).not.toContainText('demo-team');

  // Chip rows wrap: 自定义 on 新增链接, 派彩 on 资金明细, 单代 on 优惠.
  await page.goto('/user/daili/addlianjie');
  await expectAllOnScreen(page, page.getByTestId('link-validity').getByRole('radio'));
  await page.getByTestId('link-validity').getByRole('radio', { name: '自定义' }).click();
  await expect(page.getByTestId('link-days')).toBeVisible();
  await page.goto('/user/zijinmingxi');
  await expectAllOnScreen(page, page.getByTestId('entry-type-chips').getByRole('radio'));
  await expect(page.getByTestId('entry-type-chips').getByRole('radio', { name: '派彩' })).toBeVisible();
  await page.goto('/user/youhui');
  await expectAllOnScreen(page, page.getByTestId('type-filter').getByRole('radio'));
  await expect(page.getByTestId('type-filter').getByRole('radio', { name: '单代' })).toBeVisible();
});
