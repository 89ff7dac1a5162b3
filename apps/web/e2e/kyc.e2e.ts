// Real-name verification (docs/design.md §9, "KYC, as built"): a player sends the name, the ID
// number and both photos of the ID card from the profile page; risk approves in the console; above
// the operator's amount that player's withdrawal then goes through, while an unverified player's is
// refused with the reason shown on /user/qukuan. Risk tags the verified player, and the tag shows on
// the player's withdrawal in the queue.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleAs, operatorCall, pickOption, playerApi, playerToken, registerViaUi, uniqueUsername } from './helpers';

const FUND_PASSWORD = '135790';
/** ¥500: withdrawals above it need a verified name. */
const REQUIRED = 50_000;
/** A small PNG the server re-encodes (a photo of the ID card, as far as the test goes). */
const PHOTO = {
  name: 'id.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAa0lEQVR4nO2SAQ0AQBCCjE8WUn4Md3s3AwAz6OmlTsAErFdkF/LuUidgAtYrsgt5d6kTMAHrFdmFvLvUCZiA9YrsQt5d6gRMwHpFdiHvLnUCJmC9IruQd5c6AROwXpFdyLtLnYAJWK/Izxd6GG2ZD3715TsAAAAASUVORK5CYII=',
    'base64',
  ),
};

/** A registered player (logged in on `page`) with ¥1,000, a fund password and an Alipay account of `holder`. */
async function readyPlayer(page: Page, request: APIRequestContext, holder: string): Promise<string> {
  const username = uniqueUsername('kyc');
  await registerViaUi(page, username);
  await operatorCall(request, '/balance/adjust', {
    username,
    amount: 100_000,
    reason: 'e2e KYC',
    requestId: `e2e-kyc-${username}`,
  });
  const api = playerApi(request, await playerToken(request, username));
  await api('/user/edit/setFundPassword', { password: 'secret123', fundPassword: FUND_PASSWORD });
  await api('/user/withdraw/addAccount', {
    type: 'alipay',
    account: '13800138000',
    realName: holder,
    fundPassword: FUND_PASSWORD,
  });
  return username;
}

/** Asks for ¥600 on /user/qukuan, to the player's one account. */
async function withdraw600(page: Page): Promise<void> {
  await page.goto('/user/qukuan');
  await expect(page.getByTestId('withdraw-kyc')).toContainText('单笔提款超过 ¥500.00 需先完成实名认证');
  await page.getByTestId('withdraw-amount-input').fill('600');
  await page.locator('[data-testid=withdraw-fund-password] input').fill(FUND_PASSWORD);
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('confirm-withdraw').click();
}

test.afterAll(async ({ request }) => {
  await operatorCall(request, '/kyc/settings/set', { requiredAmount: 0 });
});

test('a verified player withdraws above the KYC amount, tagged on the queue; an unverified one is refused with the reason', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await operatorCall(request, '/kyc/settings/set', { requiredAmount: REQUIRED });

  // The player sends the verification from the profile page.
  const username = await readyPlayer(page, request, '张三');
  await page.goto('/user/gerenziliao');
  await expect(page.getByTestId('row-kyc')).toContainText('未认证');
  await page.getByTestId('row-kyc').click();
  await expect(page).toHaveURL(/\/user\/shimingrenzheng$/);
  await expect(page.getByTestId('kyc-required')).toHaveText('单笔提款超过 ¥500.00 需先完成实名认证');
  await page.getByTestId('kyc-name-input').fill('张三');
  await page.getByTestId('kyc-id-input').fill('110105194912310021');
  await expect(page.getByTestId('kyc-id-error')).toContainText('18 位居民身份证号码');
  await page.getByTestId('kyc-id-input').fill('11010519491231002X');
  await page.getByTestId('kyc-front-file').setInputFiles(PHOTO);
  await expect(page.getByAltText('身份证人像面')).toBeVisible();
  await page.getByTestId('kyc-back-file').setInputFiles(PHOTO);
  await expect(page.getByAltText('身份证国徽面')).toBeVisible();
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-status')).toHaveText('审核中');
  await expect(page.getByTestId('kyc-shown-id')).toHaveText('110***********002X');

  // Risk approves it in the console, after looking at both photos.
  const { desk, page: risk } = await consoleAs(browser, 'kycrisk', 'risk', 'Kyc-risk-e2e-2026!');
  await risk
    .getByRole('menu')
    .getByRole('menuitem', { name: /实名认证/ })
    .click();
  const row = risk.locator('tr', { hasText: username });
  await expect(row).toContainText('110***********002X');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = risk.getByTestId('kyc-detail');
  await expect(drawer.getByAltText('人像面')).toBeVisible();
  await expect(drawer.getByAltText('国徽面')).toBeVisible();
  await risk.getByTestId('kyc-approve').click();
  // The approval's own answer first, so a refused one fails here with its message.
  const approved = risk.waitForResponse((r) => r.url().endsWith('/kyc/approve'));
  await risk.getByRole('button', { name: /确\s*定|OK/ }).click();
  expect(await (await approved).json()).toMatchObject({ code: 200 });
  await expect(drawer.getByTestId('kyc-status')).toHaveText('已通过');
  await desk.close();

  // Verified, with the account in that name: ¥600 goes through.
  await page.goto('/user/shimingrenzheng');
  await expect(page.getByTestId('kyc-status')).toHaveText('已认证');
  await withdraw600(page);
  await page.waitForURL('**/user/qukuanDetails**');
  await expect(page.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'reviewing');

  // Risk tags the player 观察 on the player's page; the withdrawal under review shows the tag.
  const { desk: riskDesk, page: ops } = await consoleAs(browser, 'tagrisk', 'risk', 'Tag-risk-e2e-2026!');
  await ops.goto(`/admin/players/${username}`);
  const playerRisk = ops.getByTestId('player-risk');
  await expect(playerRisk).toContainText('无标签');
  await playerRisk.getByRole('button', { name: /编辑标签/ }).click();
  const tagsDialog = ops.getByRole('dialog');
  await pickOption(ops, tagsDialog.getByRole('combobox', { name: '标签' }), '观察');
  await tagsDialog.locator('.ant-modal-title').click();
  await tagsDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(playerRisk.getByTestId('player-tags')).toHaveText('观察');
  await ops
    .getByRole('menu')
    .getByRole('menuitem', { name: /提现审核/ })
    .click();
  const withdrawal = ops.locator('tr', { hasText: username });
  await expect(withdrawal).toContainText('¥600.00');
  await expect(withdrawal.getByTestId('player-tags')).toHaveText('观察');
  await riskDesk.close();

  // Another player, never verified: refused, with the reason under the amount.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const unverified = await other.newPage();
  await readyPlayer(unverified, unverified.request, '李四');
  await withdraw600(unverified);
  await expect(unverified.getByTestId('withdraw-amount-error')).toHaveText('提现金额超过 ¥500.00 需先完成实名认证');
  await expect(unverified).toHaveURL(/\/user\/qukuan$/);
  await other.close();
});
