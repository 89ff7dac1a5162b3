// An agent creates an invite link, a new player registers through it in a
// second browser context, the agent finds the member, transfers money with the recharge password,
// and the member sees the balance change live, end to end in Chromium.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSideScroll, minorUnits, operatorCall, registerViaUi, tokenOf, uniqueUsername } from './helpers';

const RECHARGE_PASSWORD = '135790';

async function playerCall<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/v9${path}`, { data, headers: { token: await tokenOf(page) } });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

const walletBalance = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());

test('an agent links, a friend registers through it, the agent finds and pays them, the balance moves live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The agent: an operator signs them as an agent (1.20 % billiards) and credits ¥1,000.
  const agentName = uniqueUsername('ag');
  await registerViaUi(page, agentName);
  const me = await playerCall<{ id: number }>(page, '/user/info', {});
  await operatorCall(page.request, '/agents/profile/save', {
    id: me.id,
    kind: 'agent',
    rates: { taiqiu: 120, slots: 80, poker: 50 },
    dividendRatioBp: 3000,
    reason: 'e2e 签约代理',
  });
  await operatorCall(page.request, '/balance/adjust', {
    username: agentName,
    amount: 100_000,
    reason: 'e2e',
    requestId: `e2e-agent-${Date.now()}`,
  });
  await playerCall(page, '/agent/rechargePassword/set', { loginPassword: 'secret123', newPassword: RECHARGE_PASSWORD });

  // A member link at 0.80 % billiards, made on 新增链接.
  await page.goto('/user/daili/addlianjie');
  await page.getByTestId('rate-taiqiu-input').fill('0.8');
  await page.getByTestId('link-remark-input').fill('微信群');
  await page.getByTestId('link-submit').click();
  await page.waitForURL('**/user/daili/lianjieDetails');
  const row = page.getByTestId('link-rows').locator('.ag-link').filter({ hasText: '微信群' });
  await expect(row).toHaveCount(1);
  const url = (await row.getByTestId('link-url').textContent())!.trim();
  const code = new URL(url).pathname.slice(1);
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expectNoSideScroll(page);

  // A friend opens the link in their own browser and registers; the invite code comes with it.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  await friend.goto(`/${code}`);
  await friend.waitForURL(/\/home/);
  const friendName = uniqueUsername('fr');
  await friend.goto('/register');
  await expect(friend.locator('input[name=inviteCode]')).toHaveValue(code);
  await registerViaUi(friend, friendName);
  // The friend keeps 我的 open and never reloads it.
  await friend.goto('/user');
  await expect.poll(() => walletBalance(friend)).toBe(0);

  // The link counted the visit and the registration.
  await page.reload();
  await expect(row.getByTestId('link-clicks')).toHaveText('1');
  await expect(row.getByTestId('link-registrations')).toHaveText('1');

  // The agent finds the friend in the team, on the link's terms, and opens the transfer.
  await page.goto('/user/daili/ssuser');
  await page.getByTestId('search-keyword-input').fill(friendName);
  await page.getByTestId('search-submit').click();
  await page.getByTestId('member-rows').getByText(friendName).click();
  await expect(page.getByTestId('member-details')).toBeVisible();
  await expect(page.getByTestId('member-rates')).toContainText('0.80%');
  await page.getByTestId('action-transfer').click();
  await page.waitForURL('**/user/daili/chongzhi**');
  await expect(page.getByTestId('picked-member')).toContainText(friendName);
  await page.getByTestId('transfer-amount-input').fill('200');
  await page.locator('[data-testid=recharge-password] input').fill(RECHARGE_PASSWORD);
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-done')).toBeVisible();
  await expectNoSideScroll(page);

  // The friend's balance changed live; the agent's is ¥800 now.
  await expect.poll(() => walletBalance(friend), { timeout: 15_000 }).toBe(20_000);
  const agentInfo = await playerCall<{ balance: number }>(page, '/user/info', {});
  expect(agentInfo.balance).toBe(80_000);
  // The transfer is in the friend's fund details, with the turnover it carries (×1).
  const details = await playerCall<{ list: { type: string; amount: number }[] }>(friend, '/user/balanceDetails', {});
  expect(details.list[0]).toMatchObject({ type: 'agent_transfer', amount: 20_000 });
  await friendContext.close();
});
