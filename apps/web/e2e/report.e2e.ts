// The personal report with its chart, and the help centre, end to end in Chromium.
import { expect, test } from '@playwright/test';
import { adminCli, registerViaUi, tokenOf, uniqueUsername } from './helpers';

test('a player with a deposit and a lost bet reads the report and its chart, then an answer of the help centre', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await registerViaUi(page, uniqueUsername('rep'));

  // A deposit of ¥1,000 through the sandbox cashier (the channel adds a 1% bonus).
  await page.goto('/user/chongzhi');
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  const cashierOpened = context.waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const cashier = await cashierOpened;
  await cashier.waitForURL('**/pay/sandbox/**');
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByText('支付成功')).toBeVisible();
  await cashier.close();
  await expect(page.getByTestId('deposit-details')).toHaveAttribute('data-status', 'PAID');

  // ¥100 on player B to win a match that player A then wins 4:0.
  const matchId = /match (\d+) created/.exec(adminCli('match-create', '报表甲', '报表乙', '7', '+30'))![1]!;
  const token = await tokenOf(page);
  const headers = { token, 'content-type': 'application/json' };
  const match = await (
    await page.request.post('/api/v9/taiqiu/match', { headers, data: { id: Number(matchId) } })
  ).json();
  const winner = match.data.markets.find((m: { type: string }) => m.type === 'winner');
  const pickB = winner.selections.find((s: { pick: string }) => s.pick === 'b');
  const bet = await (
    await page.request.post('/api/v9/taiqiu/bet', {
      headers,
      data: { matchId: Number(matchId), marketId: winner.id, selectionId: pickB.id, stake: 10_000, odds: pickB.odds },
    })
  ).json();
  expect(bet.code).toBe(200);
  adminCli('match-result', matchId, '4', '0');

  // From 我的 to the report: this month's figures and the daily chart.
  await page.goto('/user');
  await page.getByText('个人报表', { exact: true }).click();
  await page.waitForURL('**/user/gerenbaobiao');
  await expect(page.getByTestId('report-deposits')).toHaveText('¥1,000.00');
  await expect(page.getByTestId('report-stake')).toHaveText('¥100.00');
  await expect(page.getByTestId('report-validBet')).toHaveText('¥100.00');
  await expect(page.getByTestId('report-payout')).toHaveText('¥0.00');
  await expect(page.getByTestId('report-bonuses')).toHaveText('¥10.00');
  await expect(page.getByTestId('report-withdrawals')).toHaveText('¥0.00');
  // payout − stake + rebates + bonuses, in red.
  const winLoss = page.getByTestId('report-winLoss');
  await expect(winLoss).toHaveText('-¥90.00');
  await expect(winLoss.locator('.money-neg')).toBeVisible();
  // uPlot draws the bars on a canvas, loaded with this page only.
  const canvas = page.locator('[data-testid=report-chart] canvas');
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(250);

  // Another period without anything: the empty state.
  await page.locator('[data-preset="lastMonth"]').click();
  await expect(page.getByText('该时段没有记录')).toBeVisible();
  await expect(page.getByTestId('report-winLoss')).toHaveText('¥0.00');

  // The help centre: the withdrawal tab, a question opened to its answer.
  await page.goto('/user/bangzhu');
  await page.locator('[data-category="withdrawal"]').click();
  const question = page.locator('[data-key="help_withdraw_time"]');
  await question.locator('summary').click();
  await expect(page.getByTestId('answer-help_withdraw_time')).toBeVisible();
  await expect(page.getByTestId('answer-help_withdraw_time')).toContainText('5–30 分钟');
  await page.getByTestId('help-search').fill('资金密码');
  await expect(page.locator('[data-key="help_account_fund_password"]')).toBeVisible();
});
