// The operator's profit and loss (docs/design.md §9, "Reports"): finance opens 报表, picks last
// week, reads the totals and the days, and exports the table as CSV.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { consoleAs } from './helpers';

test('finance opens the profit and loss for last week and exports it', async ({ browser }) => {
  test.setTimeout(120_000);
  const { desk, page } = await consoleAs(browser, 'pnl', 'finance', 'Reports-e2e-2026!');
  await page.getByRole('menu').getByRole('menuitem', { name: /报表/ }).click();
  await expect(page.getByTestId('pnl-totals')).toContainText('NGR');

  await page.getByLabel('日期').first().click();
  await page.locator('.ant-picker-presets').getByText('上周', { exact: true }).click();
  // Seven days, Monday first.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: /^\d{4}-\d{2}-\d{2}/ });
  await expect(rows).toHaveCount(7);
  const monday = (await rows.first().locator('td').first().innerText()).trim();
  expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);

  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /导出 CSV/ })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^reports-pnl-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r\n/);
  expect(header).toBe('bets,players,turnover,validBet,payout,ggr,bonuses,rebates,commissions,dividends,ngr,period');
  expect(lines.map((l) => l.split(',').at(-1))).toEqual(
    Array.from({ length: 7 }, (_, i) =>
      new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    ),
  );
  await desk.close();
});

test('finance moves between the four reports, each over the range picked once', async ({ browser }) => {
  test.setTimeout(120_000);
  const { desk, page } = await consoleAs(browser, 'rpt', 'finance', 'Reports-e2e-2026!');
  await page.getByRole('menu').getByRole('menuitem', { name: /报表/ }).click();
  await expect(page.getByTestId('pnl-totals')).toContainText('NGR');
  await page.getByLabel('日期').first().click();
  await page.locator('.ant-picker-presets').getByText('上月', { exact: true }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const range = new URL(page.url()).search;

  for (const [tab, heading, path] of [
    ['存取款', '充值（按渠道）', '/reports/payments'],
    ['玩家', '注册留存', '/reports/players'],
    ['代理', '代理团队报表', '/reports/agents'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(`/admin${path}${range}`);
    await expect(page.getByText(heading, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /导出 CSV/ }).first()).toBeVisible();
  }
  await desk.close();
});
