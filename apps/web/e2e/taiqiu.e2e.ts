// Issue 4, acceptance 4: bet on a live simulated match, end to end in Chromium.
import { expect, test, type Page } from '@playwright/test';
import { adminCli, expectOverlaysFit, minorUnits, registerViaUi, uniqueUsername } from './helpers';

const balanceOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());

test('open a live simulated match from /home, bet, watch the score move, see the bet settle and paid', async ({
  page,
  context,
}) => {
  test.setTimeout(480_000);
  const username = uniqueUsername('bet');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');

  // The player's balance, in a tab that is never reloaded.
  const wallet = await context.newPage();
  await wallet.goto('/user');
  await expect.poll(() => balanceOf(wallet)).toBe(50_000);

  // The demo simulator keeps matches live; a new one starts every few minutes.
  const card = page.locator('[data-testid=home-match][data-status=live]').first();
  await expect(card).toBeVisible({ timeout: 330_000 });
  const matchId = (await card.getAttribute('data-match-id'))!;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/taiqiu/${matchId}$`));

  // Back player A to win, once the market is open (it pauses a few seconds after each frame).
  const backA = page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first();
  await expect(backA).toBeEnabled({ timeout: 30_000 });
  await backA.click();
  await expect(page.getByTestId('bet-slip')).toBeVisible();
  await expectOverlaysFit(page);
  await page.getByTestId('slip-stake').fill('20');
  await page.getByTestId('slip-accept').check();
  const myBet = page.locator('[data-testid=my-bets] [data-bet-no]');
  // A frame may end just as we confirm: the market pauses, the slip says so and waits; confirm
  // again once it reopens.
  await expect(async () => {
    const confirm = page.getByTestId('slip-confirm');
    if ((await page.getByTestId('bet-slip').count()) && (await confirm.isEnabled())) await confirm.click();
    await expect(myBet).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(myBet).toHaveAttribute('data-status', 'open');
  const betNo = (await myBet.getAttribute('data-bet-no'))!;
  await expect.poll(() => balanceOf(wallet)).toBe(48_000);

  // The simulator plays a frame every 20–40 s: the score changes on this page without a reload.
  const scoreBefore = await page.getByTestId('match-score').innerText();
  await expect(page.getByTestId('match-score')).not.toHaveText(scoreBefore, { timeout: 60_000 });

  // The operator enters the result (player A wins) unless the match has just ended by itself.
  // "11 局 6 胜": best of 11, six frames to win.
  const bestOf = Number(/\d+/.exec(await page.getByTestId('best-of').innerText())![0]);
  const toWin = (bestOf + 1) / 2;
  const scoreB = Number(await page.getByTestId('score-b').innerText());
  try {
    adminCli('match-result', matchId, String(toWin), String(Math.min(scoreB, toWin - 1)));
  } catch {
    // 409: the simulator finished it first; its own result settles the bet.
  }
  await expect(myBet).toHaveAttribute('data-status', /^(won|lost)$/);

  // The records show the bet with the payout that reached the balance, live.
  await page.goto('/user/touzhulogs');
  const row = page.locator(`[data-testid=bet-records] [data-bet-no="${betNo}"]`);
  await expect(row).toBeVisible();
  await row.click();
  const details = page.getByTestId('bet-details');
  await expect(details).toHaveAttribute('data-status', /^(won|lost)$/);
  await expect(page.getByTestId('detail-stake')).toContainText('20.00');
  const won = (await details.getAttribute('data-status')) === 'won';
  const odds = Number(/[\d.]+/.exec(await page.getByTestId('detail-odds').innerText())![0]);
  const payout = minorUnits(await page.getByTestId('detail-payout').innerText());
  // floor(stake × odds) in integers, as the server pays it.
  expect(payout).toBe(won ? Math.floor((2_000 * Math.round(odds * 1000)) / 1000) : 0);
  // Valid bet: the stake, but at odds below 1.5 only what was won or lost (DESIGN.md §8).
  const validBet = minorUnits(await page.getByTestId('detail-validBet').innerText());
  expect(validBet).toBe(odds < 1.5 ? Math.min(2_000, Math.abs(payout - 2_000)) : 2_000);
  await expect.poll(() => balanceOf(wallet)).toBe(48_000 + payout);
});
