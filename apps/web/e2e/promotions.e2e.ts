// A new player applies to the first-deposit bonus, recharges through the
// sandbox, sees the application granted in 我的申请, claims the reward in 领奖 and sees its
// turnover on /user/qukuan, end to end in Chromium.
import { expect, test, type Page } from '@playwright/test';
import type { promotions } from '@breakshot/contracts';
import { depositBonus, withinCap } from '@breakshot/contracts/promotion-rules';
import { expectNoSideScroll, minorUnits, registerViaUi, tokenOf, uniqueUsername } from './helpers';

type Detail = promotions.PromotionDetail;

/** The first-deposit promotion as the player's app gets it (its figures are the operator's). */
async function firstDepositPromotion(page: Page): Promise<Detail> {
  const call = async (path: string, data: object) => {
    const res = await page.request.post(`/api/v9${path}`, { data, headers: { token: await tokenOf(page) } });
    return ((await res.json()) as { data: unknown }).data;
  };
  const list = (await call('/promotion/list', { type: 'first_deposit' })) as { items: { id: number }[] };
  return (await call('/promotion/details', { id: list.items[0]!.id })) as Detail;
}

const turnoverRequired = async (page: Page) =>
  minorUnits(
    await page.getByTestId('turnover').locator('.turnover-nums > div').first().locator('span').nth(1).textContent(),
  );

test('a first-deposit bonus: apply, pay in the sandbox, granted, claimed, its turnover on 取款', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await registerViaUi(page, uniqueUsername('yh'));

  // 优惠 tab → the first-deposit promotion's page; apply.
  await page.goto('/user/youhui');
  const promo = await firstDepositPromotion(page);
  expect(promo.canApply).toBe(true);
  await expectNoSideScroll(page);
  await page.locator(`[data-promo-id="${promo.id}"]`).click();
  await page.waitForURL('**/user/youhuiShouCun**');
  await expectNoSideScroll(page);
  await page.getByTestId('apply').click();
  // Applied: the bar now leads to the deposit page.
  await page.getByTestId('next-step').click();
  await page.waitForURL('**/user/chongzhi');

  // The deposit page shows the promotion as joined, with what ¥1,000 earns.
  const rules = promo.rules as Extract<Detail['rules'], { type: 'first_deposit' }>;
  const bonus = withinCap(depositBonus(rules.tiers, 100_000)!.bonus, promo.capAmount, 0);
  expect(bonus).toBeGreaterThan(0);
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  await expect(page.getByTestId(`promo-${promo.id}`)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId(`promo-bonus-${promo.id}`)).toContainText(
    `¥${(bonus / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  const cashierOpened = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const cashier = await cashierOpened;
  await cashier.waitForURL('**/pay/sandbox/**');
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByText('支付成功')).toBeVisible();
  await cashier.close();
  await expect(page.getByTestId('deposit-details')).toHaveAttribute('data-status', 'PAID');

  // 我的申请: granted with the bonus.
  await page.goto('/user/youhuiCanYu');
  const app = page.locator(`[data-app-id][data-status=granted]`).filter({ hasText: promo.title });
  await expect(app).toHaveCount(1);
  await expect(app.getByTestId('app-amount')).toHaveText(new RegExp(`${minorText(bonus)}$`));
  await expectNoSideScroll(page);

  // Before the claim, 取款 asks for the deposit's turnover only.
  const qukuan = await context.newPage();
  await qukuan.goto('/user/qukuan');
  await expect(qukuan.getByTestId('turnover')).toBeVisible();
  const before = await turnoverRequired(qukuan);
  expect(before).toBeGreaterThan(0);

  // 领奖: the promotion's reward, claimed.
  await page.goto('/user/lingjiang');
  const reward = page.locator('[data-reward-id][data-status=unclaimed]').filter({ hasText: minorText(bonus) });
  await expect(reward).toHaveCount(1);
  await reward.getByTestId('claim-one').click();
  await expect(page.locator('[data-reward-id][data-status=unclaimed]')).toHaveCount(0);

  // The claim added bonus × multiple to the turnover a withdrawal needs.
  await qukuan.reload();
  await expect.poll(() => turnoverRequired(qukuan)).toBe(before + bonus * promo.turnoverMultiple);
  await expect(qukuan.getByTestId('turnover')).toContainText('才能提款');

  // Granted once for good: the promotion's page leads to 领奖, it offers no second application.
  await page.goto(`/user/youhuiShouCun?id=${promo.id}`);
  await expect(page.getByTestId('next-step')).toHaveAttribute('href', '/user/lingjiang');
  await expect(page.getByTestId('apply')).toHaveCount(0);
});

const minorText = (minor: number) => `¥${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
