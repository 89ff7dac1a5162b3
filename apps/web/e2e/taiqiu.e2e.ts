// Bet on a live match from /home, end to end in Chromium. The test is the match's data feed: it
// posts the match event by event through the real feed API, so nothing waits for the demo feed.
import { expect, test, type Page } from '@playwright/test';
import {
  adminCli,
  expectAccessible,
  expectOverlaysFit,
  liveFeedMatch,
  minorUnits,
  registerViaUi,
  uniqueUsername,
} from './helpers';

const balanceOf = async (page: Page) => minorUnits(await page.locator('.user-wallet-balance').textContent());

test('open a live match from /home, bet, watch the score move, see the bet settle and paid', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('bet');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');

  // The player's balance, in a tab that is never reloaded.
  const wallet = await context.newPage();
  await wallet.goto('/user');
  await expect.poll(() => balanceOf(wallet)).toBe(50_000);

  // Started an hour ago, it heads /home's live list (ten cards, the earliest start first) whatever
  // else is live; frame 1 is on, 0:0.
  const { id: matchId, playerA, post } = await liveFeedMatch(page.request, 'home', new Date(Date.now() - 3_600_000));
  await page.goto('/home');
  const card = page.locator(`[data-testid=home-match][data-status=live][data-match-id="${matchId}"]`);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/taiqiu/${matchId}$`));
  await expect(page.getByTestId('match-page')).toHaveAttribute('data-status', 'live');

  // Back player A to win the match, for ¥20, accepting any change of the odds.
  const backA = page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first();
  await expect(backA).toContainText(playerA);
  await backA.click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip).toBeVisible();
  await expectOverlaysFit(page);
  await page.getByTestId('slip-stake').fill('20');
  await page.getByTestId('slip-accept').check();
  await expectAccessible(page, 'the bet slip');
  await expect(page.getByTestId('odds-change-value')).toHaveText('不接受赔率变化');
  await page.getByTestId('odds-change-toggle').click();
  await page.getByTestId('odds-change-any').click();
  await expect(page.getByTestId('odds-change-value')).toHaveText('接受任何赔率变化');

  // An in-play bet is pending (确认中) a few seconds, then accepted: nothing moved meanwhile.
  await page.getByTestId('slip-confirm').click();
  await expect(slip).toHaveAttribute('data-phase', 'pending');
  await expect(slip).toHaveAttribute('data-phase', 'accepted', { timeout: 15_000 });
  const betNo = (await slip.getAttribute('data-bet-no'))!;
  await page.getByTestId('slip-done').click();
  await expect(slip).toBeHidden();
  const myBet = page.locator(`[data-testid=my-bets] [data-bet-no="${betNo}"]`);
  await expect(myBet).toHaveAttribute('data-status', 'open');
  // While the bet is open, the stake is out of the balance.
  await expect.poll(() => balanceOf(wallet)).toBe(48_000);

  // Player A takes frame 1: the score moves on this page without a reload.
  await post(
    { type: 'visit', frame: 1, player: 'a', points: 50, break: 50, foul: 0 },
    { type: 'frame_ended', frame: 1, winner: 'a', points: { a: 62, b: 0 } },
  );
  await expect(page.getByTestId('match-score')).toHaveText(/1\s*:\s*0/);

  // The operator enters the result, best of 5: player A wins 3:1. The bet is settled, won.
  expect(adminCli('match-result', String(matchId), '3', '1')).toContain('finished');
  await expect(myBet).toHaveAttribute('data-status', 'won');

  // The records show the bet with the payout that reached the balance, live.
  await page.goto('/user/touzhulogs');
  const row = page.locator(`[data-testid=bet-records] [data-bet-no="${betNo}"]`);
  await row.click();
  const details = page.getByTestId('bet-details');
  await expect(details).toHaveAttribute('data-status', 'won');
  await expect(page.getByTestId('detail-stake')).toContainText('20.00');
  const odds = Number(/[\d.]+/.exec(await page.getByTestId('detail-odds').innerText())![0]);
  const payout = minorUnits(await page.getByTestId('detail-payout').innerText());
  // floor(stake × odds) in integers, as the server pays it.
  expect(payout).toBe(Math.floor((2_000 * Math.round(odds * 1000)) / 1000));
  // Valid bet: the stake, but at odds below 1.5 only what was won (docs/design.md §8).
  const validBet = minorUnits(await page.getByTestId('detail-validBet').innerText());
  expect(validBet).toBe(odds < 1.5 ? Math.min(2_000, payout - 2_000) : 2_000);
  await expect.poll(() => balanceOf(wallet)).toBe(48_000 + payout);
});
