// Parlays (串关) end to end in Chromium: a player collects a pick of each of three matches (the
// feed schedules them), chooses 3串4, sees the figures, places it, and finds it in the records
// with its three legs.
import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminCli, minorUnits, operatorCall, registerViaUi, uniqueUsername } from './helpers';

/** Schedules a match through the feed API (signed with the provider's key), starting in an hour. */
async function scheduleMatch(
  request: APIRequestContext,
  feed: { id: string; key: string },
  ref: string,
  a: string,
  b: string,
) {
  const body = JSON.stringify({
    events: [
      {
        id: `${ref}-1`,
        match: ref,
        seq: 1,
        at: new Date().toISOString(),
        type: 'match_scheduled',
        playerA: a,
        playerB: b,
        bestOf: 5,
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ],
  });
  const res = await request.post(`/feed/${feed.id}/events`, {
    headers: {
      'content-type': 'application/json',
      'x-feed-signature': createHmac('sha256', feed.key).update(body).digest('hex'),
    },
    data: body,
  });
  expect(res.status()).toBe(200);
}

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

test('three picks of three matches as a 3串4: figures, placed, then in the records with its legs', async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('parlay');
  await registerViaUi(page, username);
  adminCli('adjust', username, '500', 'e2e 测试资金');

  const suffix = Date.now().toString(36).slice(-6);
  const feedId = `e2e-parlay-${suffix}`;
  const saved = await operatorCall<{ key: string | null }>(page.request, '/feed/provider/save', {
    id: feedId,
    name: `E2E parlay ${suffix}`,
    enabled: true,
    staleSeconds: 60,
  });
  const feed = { id: feedId, key: saved.key! };
  const players = [1, 2, 3].map((n) => [`串${n}甲${suffix}`, `串${n}乙${suffix}`] as const);
  for (const [i, [a, b]] of players.entries()) await scheduleMatch(page.request, feed, `p${i}-${suffix}`, a, b);

  // The feed's matches as players find them (the demo feed schedules others too: page through).
  const found = new Map<string, number>();
  for (let p = 1; p <= 10 && found.size < 3; p++) {
    const res = (await (
      await page.request.post('/api/v9/taiqiu/matches', { data: { page: p, pageSize: 50, status: 'upcoming' } })
    ).json()) as { msg: string; data: { list: { id: number; playerA: { name: string } }[] } };
    expect(res.data, res.msg).toBeTruthy();
    for (const m of res.data.list) found.set(m.playerA.name, m.id);
    if (res.data.list.length < 50) break;
  }
  const ids = players.map(([a]) => found.get(a));
  expect(ids.every(Boolean), 'the three feed matches are listed').toBe(true);

  // A pick of each match's winner market goes to the parlay from the single slip.
  const odds: number[] = [];
  for (const [i, id] of ids.entries()) {
    await page.goto(`/taiqiu/${id}`);
    await expect(page.getByTestId('match-page')).toHaveAttribute('data-status', 'scheduled');
    await page.getByTestId('market-winner').locator('[data-testid^="odds-"]').first().click();
    await expect(page.getByTestId('bet-slip')).toBeVisible();
    await expect(page.getByTestId('slip-selection')).toHaveText(players[i]![0]);
    odds.push(Number(await page.getByTestId('slip-odds').getAttribute('data-odds')));
    await page.getByTestId('parlay-add').click();
    await expect(page.getByTestId('bet-slip')).toBeHidden();
    await expect(page.getByTestId('parlay-bar-count')).toHaveText(String(i + 1));
  }

  // The parlay slip: three legs, 3串4 chosen, the figures of a ¥10 unit.
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
  await expect(slip).toHaveAttribute('data-phase', 'accepted');
  await expect(page.getByTestId('parlay-accepted')).toContainText('投注成功');
  await expect(page.getByTestId('parlay-sent-system')).toHaveText('3串4');
  expect(minorUnits(await page.getByTestId('parlay-sent-return').innerText())).toBe(expected);
  const betNo = (await slip.getAttribute('data-bet-no'))!;
  await page.getByTestId('parlay-done').click();
  await expect(page.getByTestId('parlay-bar')).toBeHidden();

  // The records: the slip in the list, then its details with the three legs.
  await page.goto('/user/touzhulogs');
  const row = page.locator(`[data-testid=bet-records] [data-bet-no="${betNo}"]`);
  await expect(row).toContainText('串关 3串4');
  await row.click();
  await expect(page.getByTestId('bet-details')).toHaveAttribute('data-bet-no', betNo);
  await expect(page.getByTestId('parlay-detail-system')).toHaveText('串关 3串4');
  await expect(page.getByTestId('parlay-detail-unit')).toHaveText('每注 ¥10.00 × 4 注');
  const legs = page.getByTestId('parlay-detail-leg');
  await expect(legs).toHaveCount(3);
  for (const [i, [a, b]] of players.entries()) {
    await expect(legs.nth(i)).toContainText(`${a} vs ${b}`);
    await expect(legs.nth(i)).toHaveAttribute('data-result', 'open');
  }
});
