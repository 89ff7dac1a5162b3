// Favourites end to end in Chromium: a new player stars a match and a player on the match pages,
// and /home's 收藏 shows just those (the server filters: taiqiu/matches with favourites), the
// starred match marked; unstarring takes it out.
import { expect, test } from '@playwright/test';
import { registerViaUi, uniqueUsername } from './helpers';

interface Listed {
  id: number;
  status: string;
  playerA: { name: string };
  playerB: { name: string };
}

test('a player stars a match and a player; /home 收藏 lists those alone', async ({ page }) => {
  await registerViaUi(page, uniqueUsername('fav'));
  await expect(page).toHaveURL(/\/home$/);

  // Two upcoming matches with four different players: one starred as a match, one by a player.
  const res = await page.request.post('/api/v9/taiqiu/matches', {
    data: { page: 1, pageSize: 30, status: 'upcoming' },
  });
  const list = ((await res.json()) as { data: { list: Listed[] } }).data.list;
  const names = (m: Listed) => [m.playerA.name, m.playerB.name];
  const [first, second] = list.filter(
    (m, n, all) => !all.slice(0, n).some((o) => names(o).some((name) => names(m).includes(name))),
  );
  expect(second, 'two upcoming matches of four players').toBeDefined();

  await page.goto(`/taiqiu/${first!.id}`);
  await page.getByTestId('fav-match').click();
  await expect(page.getByTestId('fav-match')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/taiqiu/${second!.id}`);
  await page.getByTestId('fav-player-b').click();
  await expect(page.getByTestId('fav-player-b')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/home');
  await page.getByTestId('home-match-filter').getByRole('radio', { name: /收藏/ }).click();
  const cards = page.getByTestId('home-matches').getByTestId('home-match');
  const shown = async () =>
    (await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-match-id'))))).sort();
  // Every card is the starred match or one the starred player plays in.
  await expect.poll(shown).toContain(first!.id);
  const starredPlayer = second!.playerB.name;
  for (const id of await shown()) {
    const card = page.locator(`[data-testid=home-match][data-match-id="${id}"]`);
    if (id === first!.id) await expect(card.getByTestId('home-match-starred')).toBeVisible();
    else await expect(card).toContainText(starredPlayer);
  }
  expect(await shown()).toContain(second!.id);

  // Unstarred on its page, the match leaves the list.
  await page.goto(`/taiqiu/${first!.id}`);
  await page.getByTestId('fav-match').click();
  await expect(page.getByTestId('fav-match')).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/home');
  await page.getByTestId('home-match-filter').getByRole('radio', { name: /收藏/ }).click();
  await expect.poll(shown).toContain(second!.id);
  expect(await shown()).not.toContain(first!.id);
});
