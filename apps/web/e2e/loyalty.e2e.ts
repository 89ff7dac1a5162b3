// A bet accrues rebate, the player claims it and sees it land live and in
// the logs; then spins the daily wheel and claims the prize in 领奖, end to end in Chromium.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminCli,
  expectNoSideScroll,
  expectOverlaysFit,
  minorUnits,
  operatorCall,
  registerViaUi,
  uniqueUsername,
} from './helpers';

const balanceOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());

interface Prize {
  index: number;
  labelZh: string;
  labelEn: string;
  amount: number;
  weight: number;
  turnoverMultiple: number;
}

const savePrizes = (request: APIRequestContext, prizes: Prize[]) =>
  operatorCall(request, '/spin/prizes/save', { prizes: prizes.map(({ index: _index, ...p }) => p) });

test('a lost bet accrues rebate that the player claims live; a wheel prize is claimed in 领奖', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('fan');
  await registerViaUi(page, username);
  adminCli('adjust', username, '1000', 'e2e 返水测试资金');

  // The balance in a tab that is never reloaded: every change below reaches it live.
  const wallet = await context.newPage();
  await wallet.goto('/user');
  await expect.poll(() => balanceOf(wallet)).toBe(100_000);

  // ¥500 on player B of a new match, through the bet slip; player A then wins 4:0.
  const matchId = /match (\d+) created/.exec(adminCli('match-create', '返水甲', '返水乙', '7', '+30'))![1]!;
  await page.goto(`/taiqiu/${matchId}`);
  await page.getByTestId('market-winner').locator('[data-testid^="odds-"]').nth(1).click();
  await page.getByTestId('slip-stake').fill('500');
  await page.getByTestId('slip-accept').check();
  await page.getByTestId('slip-confirm').click();
  await expect(page.locator('[data-testid=my-bets] [data-bet-no]')).toHaveCount(1);
  await expect.poll(() => balanceOf(wallet)).toBe(50_000);
  adminCli('match-result', matchId, '4', '0');

  // The lost bet's stake is valid bet: its rebate has accrued at the rate of the player's level.
  await page.goto('/user/shishifanshui');
  const row = page.getByTestId('rebate-taiqiu');
  await expect(row).toContainText('¥500.00');
  const rate = Number(/([\d.]+)%/.exec(await row.innerText())![1]);
  const rebate = Math.floor((50_000 * Math.round(rate * 100)) / 10_000);
  expect(rebate).toBeGreaterThanOrEqual(100);
  await expect(page.getByTestId('rebate-total')).toHaveText(`¥${(rebate / 100).toFixed(2)}`);
  await expectNoSideScroll(page);

  await page.getByTestId('rebate-claim').click();
  await expect(page.getByTestId('rebate-total')).toHaveText('¥0.00');
  await expect(page.getByTestId('rebate-claim')).toBeDisabled();
  await expect.poll(() => balanceOf(wallet)).toBe(50_000 + rebate);

  await page.getByTestId('link-logs').click();
  await page.waitForURL('**/user/fanshuilogs');
  await expect(page.getByTestId('logs-total')).toHaveText(`¥${(rebate / 100).toFixed(2)}`);
  await expect(page.locator('[data-claim-id] [data-game-type=taiqiu]')).toContainText('¥500.00');
  await expectNoSideScroll(page);
  for (const route of ['/user/fanshuiguize', '/user/myVip', '/user/vipDetails', '/user/fuli', '/user/tiantianzhuan']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expectNoSideScroll(page);
  }

  // The operator makes ¥8.88 the wheel's only prize for this spin (and puts the wheel back after).
  const { prizes } = await operatorCall<{ prizes: Prize[] }>(request, '/spin/prizes', {});
  const target = prizes.find((p) => p.amount === 888)!;
  await savePrizes(
    request,
    prizes.map((p) => ({ ...p, weight: p.index === target.index ? 1 : 0 })),
  );
  try {
    await page.goto('/user/tiantianzhuan');
    await page.getByTestId('spin').click();
    const result = page.getByTestId('spin-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result).toHaveAttribute('data-prize-index', String(target.index));
    await expect(page.getByTestId('spin-result-prize')).toHaveText('¥8.88');
    await expectOverlaysFit(page);
  } finally {
    await savePrizes(request, prizes);
  }

  await page.getByTestId('spin-claim').click();
  await page.waitForURL('**/user/lingjiang');
  const reward = page.locator('[data-reward-id][data-status=unclaimed]').filter({ hasText: '¥8.88' });
  await expect(reward).toHaveCount(1);
  await expectNoSideScroll(page);
  // 一键领取's confirm fits the screen; cancelled, nothing is claimed.
  await page.getByTestId('claim-all').click();
  await expect(page.getByRole('button', { name: '确认领取' })).toBeVisible();
  await expectOverlaysFit(page);
  await page.getByRole('button', { name: '取消' }).click();
  await expect(reward).toHaveCount(1);
  await reward.getByTestId('claim-one').click();
  await expect.poll(() => balanceOf(wallet)).toBe(50_000 + rebate + 888);
  await expect(page.locator('[data-reward-id][data-status=unclaimed]')).toHaveCount(0);
});
