// In-play acceptance end to end in Chromium: a bet on a live match's next frame is pending
// (确认中), then accepted, then settled when that frame is played. The test is the match's data
// feed: it posts the match event by event through the real feed API, signed with its key.
import { expect, test } from '@playwright/test';
import { adminCli, liveFeedMatch, minorUnits, registerViaUi, uniqueUsername } from './helpers';

test('a bet on the next frame of a live match: 确认中, accepted, then settled once that frame is played', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const username = uniqueUsername('inplay');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');

  // The feed: a provider of its own, a match starting now, frame 1 on.
  const { id: matchId, playerA, post } = await liveFeedMatch(page.request, 'inplay');

  await page.goto(`/taiqiu/${matchId}`);
  const matchPage = page.getByTestId('match-page');
  await expect(matchPage).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('frame-in-play')).toContainText('第 1 局');

  // 第2局: the frame after the one in play, its winner market open.
  await page.getByTestId('tab-frame-2').click();
  const section = page.locator('[data-testid=section-frame][data-frame="2"]');
  await expect(section.getByTestId('frame-banner')).toContainText('第1局结束后开始');
  const market = section.locator('[data-testid=market-frame_winner][data-frame="2"]');
  await expect(market).toHaveAttribute('data-status', 'open');
  const backA = market.locator('[data-testid^="odds-"]').first();
  await expect(backA).toContainText(playerA);
  await backA.click();

  const slip = page.getByTestId('bet-slip');
  await expect(slip).toBeVisible();
  await expect(page.getByTestId('slip-selection')).toHaveText(playerA);
  // The price-change preference of in-play bets, as saved (the default).
  await expect(page.getByTestId('odds-change-value')).toHaveText('不接受赔率变化');
  const odds = Number(await page.getByTestId('slip-odds').getAttribute('data-odds'));
  await page.getByTestId('slip-stake').fill('20');
  await page.getByTestId('slip-confirm').click();

  // 确认中 with its countdown, then accepted (nothing moved the frame 2 market meanwhile).
  await expect(slip).toHaveAttribute('data-phase', 'pending');
  await expect(page.getByTestId('slip-pending')).toContainText('确认中');
  await expect(page.getByTestId('slip-countdown')).toHaveText(/^[0-3]$/);
  const myBet = page.locator('[data-testid=my-bets] [data-bet-no]');
  await expect(myBet).toHaveAttribute('data-status', 'pending');
  await expect(slip).toHaveAttribute('data-phase', 'accepted', { timeout: 15_000 });
  await expect(page.getByTestId('slip-accepted')).toContainText('投注成功');
  await expect(page.getByTestId('slip-accepted-text')).toHaveText(`已按赔率 ${odds.toFixed(2)} 接受`);
  await page.getByTestId('slip-done').click();
  await expect(slip).toBeHidden();
  await expect(myBet).toHaveAttribute('data-status', 'open');
  const betNo = (await myBet.getAttribute('data-bet-no'))!;

  // Frame 1 ends, frame 2 is played: player A wins it.
  await post(
    { type: 'visit', frame: 1, player: 'b', points: 0, break: 0, foul: 4 },
    { type: 'visit', frame: 1, player: 'a', points: 45, break: 45, foul: 0 },
    { type: 'frame_ended', frame: 1, winner: 'a', points: { a: 61, b: 0 } },
    { type: 'frame_started', frame: 2, breaker: 'b' },
    { type: 'visit', frame: 2, player: 'b', points: 8, break: 8, foul: 0 },
    { type: 'visit', frame: 2, player: 'a', points: 64, break: 64, foul: 0 },
    { type: 'frame_ended', frame: 2, winner: 'a', points: { a: 64, b: 8 } },
  );
  await expect(page.getByTestId('match-score')).toHaveText(/2\s*:\s*0/);
  await expect(myBet).toHaveAttribute('data-status', 'won');

  // The records: the bet settled, won at the odds it was accepted at.
  await page.goto('/user/touzhulogs');
  const row = page.locator(`[data-testid=bet-records] [data-bet-no="${betNo}"]`);
  await expect(row).toHaveAttribute('data-status', 'won');
  const payout = Math.floor((2_000 * Math.round(odds * 1000)) / 1000);
  await expect(row).toContainText(`+¥${((payout - 2_000) / 100).toFixed(2)}`);
  await row.click();
  await expect(page.getByTestId('bet-details')).toHaveAttribute('data-status', 'won');
  await expect(page.getByTestId('detail-status')).toHaveText('赢');
  expect(minorUnits(await page.getByTestId('detail-payout').innerText())).toBe(payout);
});
