// A member of the agent's team bets; after the operator runs the daily
// settlement the agent sees the commission in /user/daili/hlfybb, its drill-down per member, and
// the credit in its fund details, live. A day settles only once it has ended, so the server's
// clock is moved a day ahead (TEST_CLOCK_FILE, playwright.config.ts) before the operator runs it.
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminCli, minorUnits, operatorCall, registerViaUi, tokenOf, uniqueUsername } from './helpers';

const DAY_MS = 86_400_000;
const clockFile = process.env.E2E_CLOCK_FILE!;
const setClockAhead = (ms: number) => writeFileSync(clockFile, String(ms));

async function playerCall<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/v9${path}`, { data, headers: { token: await tokenOf(page) } });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

const walletBalance = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());

/** Today's calendar date in the site's time zone, as the server counts days. */
function siteToday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

test.afterEach(() => setClockAhead(0));

test('a member bets, the operator settles the day, the agent sees the commission, its members and the credit live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The agent: 0.80 % on slots, set by the operator.
  const agentName = uniqueUsername('rag');
  await registerViaUi(page, agentName);
  const me = await playerCall<{ id: number }>(page, '/user/info', {});
  await operatorCall(page.request, '/agents/profile/save', {
    id: me.id,
    kind: 'agent',
    rates: { taiqiu: 120, slots: 80, poker: 50 },
    dividendRatioBp: 3000,
    reason: 'e2e 签约代理',
  });
  const { inviteCode } = await playerCall<{ inviteCode: string }>(page, '/agent/home', {});

  // A friend registers with the agent's code and plays the demo slot twice.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  await friend.goto(`/${inviteCode}`);
  await friend.waitForURL(/\/home/);
  const friendName = uniqueUsername('rfr');
  await friend.goto('/register');
  await expect(friend.locator('input[name=inviteCode]')).toHaveValue(inviteCode);
  await registerViaUi(friend, friendName);
  adminCli('adjust', friendName, '500', 'e2e 测试资金');
  await friend.getByTestId('game-lobby').getByRole('tab', { name: '电子' }).click();
  await friend.getByTestId('game-tile').first().click();
  const game = friend.frameLocator('[data-testid=game-frame]');
  for (let round = 1; round <= 2; round += 1) {
    const seedBefore = await game.locator('#last-seed').textContent();
    await expect(game.locator('#spin')).toBeEnabled();
    await game.locator('#spin').click();
    await expect(game.locator('#last-seed')).not.toHaveText(seedBefore ?? '');
  }

  // What the day's commission must be: the friend's valid bet at the agent's effective slots rate.
  const config = (await (await page.request.get('/api/v9/config')).json()) as { data: { sys: { timeZone: string } } };
  const day = siteToday(config.data.sys.timeZone);
  const rates = await playerCall<{ mine: { gameType: string; effectiveRateBp: number }[] }>(
    page,
    '/agent/platformRates',
    {},
  );
  const slotsRate = rates.mine.find((r) => r.gameType === 'slots')!.effectiveRateBp;
  expect(slotsRate).toBeGreaterThan(0);
  const played = await playerCall<{ summary: Record<string, number> }>(page, '/agent/report/day', {
    detail: 'memberGames',
    date: day,
  });
  const validBet = played.summary.validBet!;
  expect(validBet).toBeGreaterThan(0);
  const commission = Math.floor((validBet * slotsRate) / 10_000);
  expect(commission).toBeGreaterThan(0);

  // The agent keeps 我的 open, never reloaded.
  const wallet = await page.context().newPage();
  await wallet.goto('/user');
  await expect.poll(() => walletBalance(wallet)).toBe(0);

  // The next day (once the server reads its clock file), the operator settles the day's
  // commission; the scheduler may have done it first. Either way one statement pays the agent,
  // and running the day again pays nothing more.
  setClockAhead(DAY_MS);
  const settle = () =>
    operatorCall<{ kind: string; statements: number; paid: number; alreadySettled: boolean }>(
      page.request,
      '/agents/settle',
      {
        kind: 'commission',
        period: day,
      },
    );
  await expect(async () => expect((await settle()).kind).toBe('commission')).toPass({ timeout: 10_000 });
  expect(await settle()).toMatchObject({ statements: 0, paid: 0, alreadySettled: true });
  const statements = await operatorCall<{ total: number; totalAmount: number }>(page.request, '/agents/statements', {
    username: agentName,
    kind: 'commission',
    period: day,
  });
  expect(statements).toMatchObject({ total: 1, totalAmount: commission });

  // The credit reaches the open page live.
  await expect.poll(() => walletBalance(wallet), { timeout: 15_000 }).toBe(commission);

  // 活跃返佣报表: the day's row shows my commission; it opens the per-member drill-down.
  await page.goto('/user/daili/hlfybb');
  const row = page.locator(`[data-testid=report-row][data-date="${day}"]`);
  await expect(row.getByTestId('cell-commission')).toHaveText(new RegExp((commission / 100).toFixed(2)));
  await row.getByTestId('cell-commission').click();
  await page.waitForURL(`**/user/daili/yongjinDetails/${day}`);
  const memberRow = page.locator('[data-testid=day-row]').filter({ hasText: friendName });
  await expect(memberRow.getByTestId('cell-commission')).toHaveText(new RegExp((commission / 100).toFixed(2)));

  // The fund details list the credit as commission.
  const details = await playerCall<{ list: { type: string; amount: number }[] }>(page, '/user/balanceDetails', {});
  expect(details.list[0]).toMatchObject({ type: 'commission', amount: commission });
  await friendContext.close();
});
