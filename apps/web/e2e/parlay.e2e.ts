// Parlays (串关) and cash-out (提前结算) end to end in Chromium: three matches go live through the
// feed; a player collects a pick of each, places them as a 3串4 and sees it accepted once every
// leg's in-play delay has passed; backs one of the matches as a single, sees its cash-out offered on
// the match page, cashes out half of it from the records, and finds both there: the parlay with its
// three legs, the single with its cash-out.
import { expect, test } from '@playwright/test';
import { adminCli, feedMatch, minorUnits, newFeed, operatorCall, registerViaUi, uniqueUsername } from './helpers';

/** floor(unit × Π odds) of every combination of `sizes`, as the server computes it (odds ×1000, exact). */
function potentialReturn(unit: number, odds: number[], sizes: number[]): number {
  const milli = odds.map((o) => BigInt(Math.round(o * 1000)));
  let total = 0n;
  for (let mask = 1; mask < 1 << milli.length; mask++) {
    const picked = milli.filter((_, i) => mask & (1 << i));
    if (!sizes.includes(picked.length)) continue;
    total += picked.reduce((p, o) => p * o, BigInt(unit)) / 1000n ** BigInt(picked.length);
  }
  return Number(total);
}

test('a 3串4 of three live matches accepted; half of a single cashed out; both in the records', async ({ page }) => {
  test.setTimeout(150_000);
  const username = uniqueUsername('parlay');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');

  const suffix = Date.now().toString(36).slice(-6);
  const feed = await newFeed(page.request, 'parlay');
  const players = [1, 2, 3].map((n) => [`串${n}甲${suffix}`, `串${n}乙${suffix}`] as const);
  for (const [i, [playerA, playerB]] of players.entries()) {
    await feedMatch(feed, page.request, `p${i}-${suffix}`)(
      { type: 'match_scheduled', playerA, playerB, bestOf: 5, startAt: new Date().toISOString(), frameWinA: 0.5 },
      { type: 'match_started' },
      { type: 'frame_started', frame: 1, breaker: 'a' },
    );
  }

  // The feed's matches as players find them among the live ones.
  const list = (await (
    await page.request.post('/api/v9/taiqiu/matches', { data: { page: 1, pageSize: 50, status: 'live' } })
  ).json()) as { data: { list: { id: number; playerA: { name: string } }[] } };
  const ids = players.map(([a]) => list.data.list.find((m) => m.playerA.name === a)?.id);
  expect(ids.every(Boolean), 'the three feed matches are live').toBe(true);

  // A pick of each match's winner market goes to the parlay from the single slip.
  const odds: number[] = [];
  for (const [i, id] of ids.entries()) {
    await page.goto(`/taiqiu/${id}`);
    await expect(page.getByTestId('match-page')).toHaveAttribute('data-status', 'live');
    await page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first().click();
    await expect(page.getByTestId('bet-slip')).toBeVisible();
    await expect(page.getByTestId('slip-selection')).toHaveText(players[i]![0]);
    odds.push(Number(await page.getByTestId('slip-odds').getAttribute('data-odds')));
    await page.getByTestId('parlay-add').click();
    await expect(page.getByTestId('bet-slip')).toBeHidden();
    await expect(page.getByTestId('parlay-bar-count')).toHaveText(String(i + 1));
  }

  // The parlay slip: three legs, 3串4 chosen, the figures of a ¥10 unit; pending, then accepted.
  await page.getByTestId('parlay-bar').click();
  const slip = page.getByTestId('parlay-slip');
  await expect(slip.getByTestId('parlay-leg')).toHaveCount(3);
  await expect(slip.getByTestId('parlay-system').first()).toHaveAttribute('data-system', '3串1');
  await slip.locator('[data-testid=parlay-system][data-system="3串4"]').click();
  await expect(slip.locator('[data-testid=parlay-system][data-system="3串4"]')).toHaveAttribute('aria-checked', 'true');
  await slip.getByTestId('parlay-stake').fill('10');
  await expect(slip.getByTestId('parlay-combos')).toHaveText('4 注');
  await expect(slip.getByTestId('parlay-total')).toHaveText('¥40.00');
  const expected = potentialReturn(1_000, odds, [2, 3]);
  expect(minorUnits(await slip.getByTestId('parlay-return').innerText())).toBe(expected);

  await slip.getByTestId('parlay-confirm').click();
  await expect(slip).toHaveAttribute('data-phase', 'pending');
  await expect(slip).toHaveAttribute('data-phase', 'accepted', { timeout: 15_000 });
  await expect(page.getByTestId('parlay-accepted')).toContainText('投注成功');
  await expect(page.getByTestId('parlay-sent-system')).toHaveText('3串4');
  expect(minorUnits(await page.getByTestId('parlay-sent-return').innerText())).toBe(expected);
  const parlayNo = (await slip.getAttribute('data-bet-no'))!;
  await page.getByTestId('parlay-done').click();
  await expect(page.getByTestId('parlay-bar')).toBeHidden();

  // A ¥20 single on the first match's winner, accepted after its delay.
  await page.goto(`/taiqiu/${ids[0]}`);
  await page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first().click();
  const single = page.getByTestId('bet-slip');
  await page.getByTestId('slip-stake').fill('20');
  await page.getByTestId('slip-confirm').click();
  await expect(single).toHaveAttribute('data-phase', 'accepted', { timeout: 15_000 });
  const singleNo = (await single.getAttribute('data-bet-no'))!;
  await page.getByTestId('slip-done').click();
  // The match page's 我的注单 offers its cash-out at the live value.
  const onMatch = page.getByTestId('my-bets').locator(`[data-cashout-of="${singleNo}"]`);
  await expect(onMatch.getByTestId('cashout-button')).toHaveText(/^提前结算 ¥\d+\.\d{2}$/, { timeout: 10_000 });

  // The records: the single's cash-out button, half of it cashed out at the quote.
  await page.goto('/user/touzhulogs');
  const bar = page.locator(`[data-testid=cashout-bar][data-cashout-of="${singleNo}"]`);
  const button = bar.getByTestId('cashout-button');
  await expect(button).toBeEnabled();
  await expect(button).toContainText('提前结算');
  await button.click();
  const sheet = page.getByTestId('cashout-sheet');
  await expect(sheet).toHaveAttribute('data-bet-no', singleNo);
  expect(minorUnits(await sheet.getByTestId('cashout-running').innerText())).toBe(2_000);
  const whole = minorUnits(await sheet.getByTestId('cashout-quote-value').innerText());
  await sheet.getByTestId('cashout-mode-part').click();
  await sheet.locator('[data-percent="50"]').click();
  const half = minorUnits(await sheet.getByTestId('cashout-value').innerText());
  expect(half).toBe(Math.floor(whole / 2));
  await sheet.getByTestId('cashout-confirm').click();
  await expect(sheet.getByTestId('cashout-done')).toHaveAttribute('data-status', 'open');
  expect(minorUnits(await sheet.getByTestId('cashout-paid').innerText())).toBe(half);
  await sheet.getByTestId('cashout-done-ok').click();

  // Both in the records: the single with what was cashed out, then each one's details.
  await page.reload();
  const singleRow = page.locator(`[data-testid=bet-records] [data-bet-no="${singleNo}"]`);
  await expect(singleRow.getByTestId('bet-cashout-figures')).toContainText(`¥${(half / 100).toFixed(2)}`);
  await singleRow.click();
  await expect(page.getByTestId('bet-details')).toHaveAttribute('data-bet-no', singleNo);
  const cashouts = page.getByTestId('bet-cashout');
  await expect(cashouts).toHaveCount(1);
  await expect(cashouts.first()).toContainText('¥10.00');
  await expect(cashouts.first()).toContainText(`¥${(half / 100).toFixed(2)}`);

  await page.goto('/user/touzhulogs');
  const row = page.locator(`[data-testid=bet-records] [data-bet-no="${parlayNo}"]`);
  await expect(row).toContainText('串关 3串4');
  await row.click();
  await expect(page.getByTestId('bet-details')).toHaveAttribute('data-bet-no', parlayNo);
  await expect(page.getByTestId('parlay-detail-system')).toHaveText('串关 3串4');
  await expect(page.getByTestId('parlay-detail-unit')).toHaveText('每注 ¥10.00 × 4 注');
  const legs = page.getByTestId('parlay-detail-leg');
  await expect(legs).toHaveCount(3);
  for (const [i, [a, b]] of players.entries()) {
    await expect(legs.nth(i)).toContainText(`${a} vs ${b}`);
    await expect(legs.nth(i)).toHaveAttribute('data-result', 'open');
  }

  // The feed stops here: its matches are cancelled, so no later test finds them live and silent.
  for (const id of ids) await operatorCall(page.request, '/taiqiu/match/cancel', { matchId: id, reason: 'e2e done' });
});
