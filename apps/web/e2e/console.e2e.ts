// An operator runs the platform from the console (desktop) while the
// player's app (a second browser context, phone-sized) shows each result live, without a reload.
import { expect, test, type Page } from '@playwright/test';
import {
  adminCli,
  enrolAuthenticator,
  minorUnits,
  playerApi,
  playerToken,
  registerViaUi,
  uniqueUsername,
} from './helpers';

const FUND_PASSWORD = '135790';
const OPERATOR_PASSWORD = 'Console-e2e-2026!';

const balanceOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());
const frozenOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-frozen').textContent());

/** Confirms the open antd Popconfirm. */
const confirmPopover = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

test('an operator logs in with TOTP, confirms a deposit, pays and rejects withdrawals, settles a match and publishes a notice; the player sees each live', async ({
  page,
  browser,
  request,
}) => {
  // About 3 min with the server suite beside it on 2 cores (every console page, two players live).
  test.setTimeout(300_000);

  // --- The player: registered in the app, funded, two withdrawals, a manual deposit, a bet.
  const username = uniqueUsername('con');
  await registerViaUi(page, username);
  adminCli('adjust', username, '1000', 'e2e 测试资金');
  const api = playerApi(request, await playerToken(request, username));
  await api('/user/edit/setFundPassword', { password: 'secret123', fundPassword: FUND_PASSWORD });
  const account = await api<{ id: number }>('/user/withdraw/addAccount', {
    type: 'usdt',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    fundPassword: FUND_PASSWORD,
  });
  const withdraw = (amount: number) =>
    api<{ orderNo: string }>('/user/withdraw/addWithdraw', {
      accountId: account.id,
      amount,
      fundPassword: FUND_PASSWORD,
    });
  const toPay = (await withdraw(20_000)).orderNo;
  const toReject = (await withdraw(30_000)).orderNo;
  const { channels } = await api<{ channels: { id: number; type: string }[] }>('/user/recharge/payConfig', {});
  const bank = channels.find((c) => c.type === 'bank')!;
  const deposit = await api<{ orderNo: string }>('/user/recharge/startPay', { channelId: bank.id, amount: 10_000 });

  const matchId = /match (\d+) created/.exec(adminCli('match-create', 'E2E甲', 'E2E乙', '5', '+60'))![1]!;
  const match = await api<{ markets: { id: number; type: string; selections: { id: number; odds: number }[] }[] }>(
    '/taiqiu/match',
    { id: Number(matchId) },
  );
  const winner = match.markets.find((m) => m.type === 'winner')!;
  const [backA] = winner.selections;
  const bet = await api<{ betNo: string; potentialReturn: number }>('/taiqiu/bet', {
    matchId: Number(matchId),
    marketId: winner.id,
    selectionId: backA!.id,
    stake: 5_000,
    odds: backA!.odds,
  });

  // The player's pages stay open from here on and are never reloaded.
  await page.goto('/user');
  await expect.poll(() => balanceOf(page)).toBe(100_000 - 50_000 - 5_000);
  await expect.poll(() => frozenOf(page)).toBe(50_000);
  const player = page.context();
  const paidTab = await player.newPage();
  await paidTab.goto(`/user/qukuanDetails?orderNo=${toPay}`);
  await expect(paidTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'reviewing');
  const rejectedTab = await player.newPage();
  await rejectedTab.goto(`/user/qukuanDetails?orderNo=${toReject}`);
  await expect(rejectedTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'reviewing');
  const home = await player.newPage();
  await home.goto('/home');
  await expect(home.getByTestId('home-balance')).toBeVisible();

  // --- The operator: created with the CLI, first login enrolls the authenticator.
  const operatorName = uniqueUsername('ops');
  process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD;
  expect(adminCli('create-operator', operatorName, 'admin')).toContain('created');
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const ops = await desk.newPage();
  await ops.goto('/admin/');
  await ops.getByLabel('用户名').fill(operatorName);
  await ops.getByLabel('密码').fill('wrong-password-1');
  await ops.getByRole('button', { name: /登\s*录/ }).click();
  await expect(ops.getByTestId('login-error')).toBeVisible();
  await ops.getByLabel('密码').fill(OPERATOR_PASSWORD);
  await ops.getByRole('button', { name: /登\s*录/ }).click();
  await expect(ops.getByTestId('totp-qr')).toBeVisible();
  await enrolAuthenticator(ops);
  await expect(ops.getByText(operatorName)).toBeVisible();
  // The wrong password before is told, until closed.
  const told = ops.getByTestId('failed-logins');
  await expect(told).toContainText('有 1 次密码或验证码错误');
  await told.getByRole('button', { name: /close|关闭/i }).click();
  await expect(told).toHaveCount(0);

  // Confirm the manual deposit: the player's balance rises.
  await ops.goto('/admin/deposits');
  const depositRow = ops.locator('tr', { hasText: deposit.orderNo });
  await depositRow.getByRole('button', { name: '确认到账' }).click();
  // The confirmation's own answer first, so a refused one fails here with its message rather than
  // as a row still listed.
  const confirmed = ops.waitForResponse((r) => r.url().endsWith('/deposits/confirm'));
  await confirmPopover(ops);
  expect(await (await confirmed).json()).toMatchObject({ code: 200 });
  await expect(depositRow).toHaveCount(0);
  const credited = await api<{ creditedAmount: number }>('/user/recharge/details', { orderNo: deposit.orderNo });
  await expect.poll(() => balanceOf(page)).toBe(45_000 + credited.creditedAmount);

  // Approve and pay one withdrawal: the player's order shows paid, the money leaves frozen.
  await ops.goto('/admin/withdrawals');
  await ops.locator('tr', { hasText: toPay }).getByRole('button', { name: '审批通过' }).click();
  await confirmPopover(ops);
  await expect(ops.locator('tr', { hasText: toPay })).toHaveCount(0);
  await ops.getByRole('tab', { name: /待出款/ }).click();
  await ops.locator('tr', { hasText: toPay }).getByRole('button', { name: '确认出款' }).click();
  await confirmPopover(ops);
  await expect(paidTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'paid');
  await expect.poll(() => frozenOf(page)).toBe(30_000);

  // Reject the other with a reason: the money comes back and the player reads why.
  await ops.getByRole('tab', { name: /待审核/ }).click();
  await ops
    .locator('tr', { hasText: toReject })
    .getByRole('button', { name: /拒\s*绝/ })
    .click();
  const dialog = ops.locator('.ant-modal:visible');
  await dialog.getByLabel('拒绝原因').fill('收款地址与实名不符');
  await dialog.getByRole('button', { name: /拒\s*绝/ }).click();
  await expect(rejectedTab.getByTestId('withdraw-details')).toHaveAttribute('data-status', 'rejected');
  await expect(rejectedTab.getByTestId('withdraw-reason')).toContainText('收款地址与实名不符');
  await expect.poll(() => frozenOf(page)).toBe(0);
  await expect.poll(() => balanceOf(page)).toBe(75_000 + credited.creditedAmount);

  // Settle the match (3:1 to player A): the bet is won and paid.
  await ops.goto('/admin/billiards');
  await ops
    .locator(`tr[data-row-key="${matchId}"]`)
    .getByRole('button', { name: /操\s*作/ })
    .click();
  await ops.getByRole('menuitem', { name: '录入赛果' }).click();
  const result = ops.locator('.ant-modal:visible');
  await result.getByLabel('E2E甲').fill('3');
  await result.getByLabel('E2E乙').fill('1');
  await result.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(ops.locator(`tr[data-row-key="${matchId}"]`)).toContainText('3 : 1');
  await expect.poll(() => balanceOf(page)).toBe(75_000 + credited.creditedAmount + bet.potentialReturn);

  // Publish a notice: it runs on the player's home page.
  const title = `维护公告 ${Date.now().toString(36)}`;
  await ops.goto('/admin/notices');
  await ops.getByRole('button', { name: /发布公告/ }).click();
  const form = ops.locator('.ant-modal:visible');
  await form.getByLabel('标题', { exact: true }).fill(title);
  await form.getByLabel('摘要', { exact: true }).fill('今晚 2 点至 4 点系统维护');
  await form.getByLabel('正文（HTML）', { exact: true }).fill('<p>维护期间暂停充值与提现。</p>');
  await form.getByRole('button', { name: /发\s*布/ }).click();
  await expect(home.getByTestId('notice-marquee')).toContainText(title);

  // Every step is in the audit log under this operator.
  await ops.goto('/admin/audit');
  for (const action of [
    'deposit.confirm',
    'withdrawal.pay',
    'withdrawal.reject',
    'taiqiu.match.result',
    'notice.publish',
  ])
    await expect(ops.getByText(action).first()).toBeVisible();
  await desk.close();
});
