// Money in and out for real, end to end in Chromium.
import { expect, test, type Page } from '@playwright/test';
import {
  adminCli,
  expectAccessible,
  expectInputsUnzoomable,
  expectOverlaysFit,
  minorUnits,
  registerViaUi,
  uniqueUsername,
} from './helpers';

const FUND_PASSWORD = '135790';
const balanceOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());
const frozenOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-frozen').textContent());

test('recharge, bind accounts, withdraw, operator rejects, money comes back', async ({ page, context }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('wal');
  await registerViaUi(page, username);

  // /user stays open in this tab while the player pays in another one.
  await page.getByText('我的', { exact: true }).click();
  await expect(page.locator('.user-wallet-balance')).toBeVisible();
  expect(await balanceOf(page)).toBe(0);

  const payTab = await context.newPage();
  await payTab.goto('/user/chongzhi');
  await payTab.getByTestId('channel-sandbox').click();
  await payTab.getByTestId('deposit-amount-input').fill('1000');
  await expectInputsUnzoomable(payTab);
  // The cashier opens in a new tab, the app shows the order waiting and updates when it is paid.
  const cashierOpened = payTab.waitForEvent('popup');
  await payTab.getByTestId('deposit-submit').click();
  const cashier = await cashierOpened;
  await cashier.waitForURL('**/pay/sandbox/**');
  await expect(cashier).toHaveTitle(/收银台/);
  await expect(payTab.getByTestId('deposit-details')).toHaveAttribute('data-status', 'PENDING');
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByText('支付成功')).toBeVisible();
  await expect(payTab.getByTestId('deposit-details')).toHaveAttribute('data-status', 'PAID');
  await cashier.close();

  // The first tab was not reloaded: the live connection brought the new balance
  // (¥1,000 and the sandbox channel's 1% bonus).
  await expect.poll(() => balanceOf(page)).toBe(101_000);

  // Fund password, then a USDT address and a bank card.
  await payTab.goto('/user/usdtadd');
  await payTab.getByTestId('set-fund-password').click();
  await payTab.getByTestId('fp-login-password-input').fill('secret123');
  await payTab.locator('[data-testid=fp-new] input').fill(FUND_PASSWORD);
  await payTab.locator('[data-testid=fp-confirm] input').fill(FUND_PASSWORD);
  await payTab.getByTestId('fp-submit').click();
  await expect(payTab.getByTestId('fund-password-notice')).toHaveCount(0);
  await payTab.getByTestId('field-address-input').fill('T123');
  await expect(payTab.getByTestId('field-address-error')).toBeVisible();
  await payTab.getByTestId('field-address-input').fill('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
  await payTab.locator('[data-testid=field-fundPassword] input').fill(FUND_PASSWORD);
  await payTab.getByTestId('account-submit').click();
  await payTab.waitForURL('**/user/bdusdt');
  await expect(payTab.getByTestId('account-rows')).toContainText('TJRabP');

  await payTab.goto('/user/yhkadd');
  await payTab.getByTestId('field-bankName-input').selectOption('招商银行');
  await payTab.getByTestId('field-holder-input').fill('张三');
  await payTab.getByTestId('field-cardNumber-input').fill('6222021234567890127');
  await expect(payTab.getByTestId('field-cardNumber-error')).toBeVisible();
  await expectAccessible(payTab, 'the bank card form with an error');
  await payTab.getByTestId('field-cardNumber-input').fill('6222021234567890128');
  await payTab.getByTestId('field-branch-input').fill('北京朝阳支行');
  await payTab.locator('[data-testid=field-fundPassword] input').fill(FUND_PASSWORD);
  await payTab.getByTestId('account-submit').click();
  await payTab.waitForURL('**/user/yhkqukuan');
  await expect(payTab.getByTestId('account-rows')).toContainText('0128');

  // A deposit must be turned over before it can be withdrawn: the operator waives it here.
  await payTab.goto('/user/qukuan');
  await expect(payTab.getByTestId('withdraw-form')).toBeVisible();
  adminCli('waive-turnover', username, 'e2e review');

  await payTab.reload();
  await payTab.getByTestId('withdraw-amount-input').fill('300');
  await payTab.locator('[data-testid=withdraw-fund-password] input').fill(FUND_PASSWORD);
  await payTab.getByTestId('withdraw-submit').click();
  await expect(payTab.getByTestId('withdraw-confirm')).toBeVisible();
  await expectOverlaysFit(payTab);
  await expectAccessible(payTab, 'the withdrawal’s confirmation');
  await payTab.getByTestId('confirm-withdraw').click();
  await payTab.waitForURL('**/user/qukuanDetails**');
  await expect(payTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'reviewing');
  const orderNo = new URL(payTab.url()).searchParams.get('orderNo')!;

  // Frozen at once, on the page that never reloaded.
  await expect.poll(() => frozenOf(page)).toBe(30_000);
  await expect.poll(() => balanceOf(page)).toBe(71_000);

  expect(adminCli('withdrawals')).toContain(orderNo);
  adminCli('reject', orderNo, '收款账户信息有误');

  await expect.poll(() => balanceOf(page)).toBe(101_000);
  await expect.poll(() => frozenOf(page)).toBe(0);
  await payTab.reload();
  await expect(payTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'rejected');
  await expect(payTab.getByTestId('withdraw-reason')).toContainText('收款账户信息有误');

  // Fund details, newest first: every step with the balance after it.
  await payTab.goto('/user/zijinmingxi');
  const rows = payTab.locator('[data-testid=ledger-rows] a[data-entry-type]');
  await expect(rows).toHaveCount(4);
  const steps = await rows.evaluateAll((links) =>
    links.map((a) => ({
      type: a.getAttribute('data-entry-type'),
      amount: Number(a.getAttribute('data-amount')),
      after: Number(a.querySelector('[data-testid=balance-after]')?.getAttribute('data-value')),
    })),
  );
  expect(steps).toEqual([
    { type: 'withdrawal_refund', amount: 30_000, after: 101_000 },
    { type: 'withdrawal', amount: -30_000, after: 71_000 },
    { type: 'bonus', amount: 1_000, after: 101_000 },
    { type: 'deposit', amount: 100_000, after: 100_000 },
  ]);
  // The custom range's date inputs do not make iOS zoom either.
  await payTab.locator('[data-preset=custom]').first().click();
  await expectInputsUnzoomable(payTab);
});
