// A trader watches the book move in the console (desktop) as a player bets, pushed over the
// console's live channel (docs/design.md §6), tags the player from the bet and filters the ticker
// by the tag, and suspends a market the player's match page (a phone, a second browser context)
// then shows suspended, without a reload on either side.
import { expect, test, type Page } from '@playwright/test';
import {
  adminCli,
  consoleAs,
  newPlayer,
  pickOption,
  playerApi,
  playerToken,
  registerViaUi,
  uniqueUsername,
} from './helpers';

const OPERATOR_PASSWORD = 'Trading-e2e-2026!';

interface Match {
  markets: { id: number; type: string; name: string; selections: { id: number; name: string; odds: number }[] }[];
}

/** Marks the page's document: still marked later, it was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

test('an operator watches the ticker, exposure and liability move as a player bets, tags the player and filters the ticker by the tag, and suspends a market the player then sees suspended', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);

  // --- The player: registered in the app (a phone), funded; bets through the API as the app would.
  const username = uniqueUsername('trd');
  await registerViaUi(page, username);
  adminCli('adjust', username, '1000', 'e2e 测试资金');
  const api = playerApi(request, await playerToken(request, username));
  const matchId = Number(/match (\d+) created/.exec(adminCli('match-create', 'E2E庄', 'E2E闲', '5', '+60'))![1]);
  const match = await api<Match>('/taiqiu/match', { id: matchId });
  const winner = match.markets.find((m) => m.type === 'winner')!;
  const [backA] = winner.selections;
  /** A bet on the market's first selection at its odds: its number. */
  const backFirst = async (as: typeof api, id: number, of: Match['markets'][number], stake: number) =>
    (
      await as<{ betNo: string; status: string }>('/taiqiu/bet', {
        matchId: id,
        marketId: of.id,
        selectionId: of.selections[0]!.id,
        stake,
        odds: of.selections[0]!.odds,
      })
    ).betNo;
  const bet = () => backFirst(api, matchId, winner, 5_000);

  // Another player, never tagged, bets on another match: the ticker's tag filter must leave it out.
  const other = await newPlayer(request, 'trdo');
  adminCli('adjust', other.username, '1000', 'e2e 测试资金');
  const otherApi = playerApi(request, other.token);
  const otherMatchId = Number(/match (\d+) created/.exec(adminCli('match-create', 'E2E甲', 'E2E乙', '5', '+60'))![1]);
  const otherWinner = (await otherApi<Match>('/taiqiu/match', { id: otherMatchId })).markets.find(
    (m) => m.type === 'winner',
  )!;

  // The player's match page stays open from here on and is never reloaded.
  await page.goto(`/taiqiu/${matchId}`);
  const market = page.getByTestId('market-winner');
  await expect(market).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId(`odds-${backA!.id}`)).toBeEnabled();
  await mark(page);

  // --- The operator: created with the CLI, logs in to the console, enrolling the authenticator.
  const { name: operatorName, desk, page: ops } = await consoleAs(browser, 'trader', 'admin', OPERATOR_PASSWORD);
  const menu = (name: string) =>
    ops
      .getByRole('menu')
      .getByRole('menuitem', { name: new RegExp(name) })
      .click();

  // 实时注单: the header says the console is live; the player's bet shows on top without a reload.
  await menu('实时注单');
  await expect(ops).toHaveURL(/\/admin\/trading-ticker$/);
  await expect(ops.getByTestId('live-state')).toHaveText('实时');
  await expect(ops.getByTestId('ticker-note')).toHaveText('新注单将自动出现在顶部');
  await mark(ops);
  const untagged = await backFirst(otherApi, otherMatchId, otherWinner, 2_000);
  const untaggedRow = ops.locator('tr', { hasText: untagged });
  await expect(untaggedRow).toBeVisible();
  const first = await bet();
  const tickerRow = ops.locator('tr', { hasText: first });
  await expect(tickerRow).toBeVisible();
  await expect(tickerRow).toContainText(`E2E庄 vs E2E闲 · ${winner.name} · ${backA!.name}`);
  await expect(tickerRow).toContainText('¥50.00');
  await expect(ops.locator('tbody tr.ant-table-row').first()).toContainText(first);

  // From the bet, the player's page: the trader tags the player 职业玩家 and writes a note; back on
  // the ticker, the bet shows the tag, and the tag filter keeps it.
  await tickerRow.getByRole('link', { name: username }).click();
  await expect(ops).toHaveURL(new RegExp(`/admin/players/${username}$`));
  const risk = ops.getByTestId('player-risk');
  await expect(risk).toContainText('无标签');
  await risk.getByRole('button', { name: /编辑标签/ }).click();
  const tagsDialog = ops.getByRole('dialog');
  await pickOption(ops, tagsDialog.getByRole('combobox', { name: '标签' }), '职业玩家');
  // The list stays open for more tags (it may cover the buttons): a click on the title closes it.
  await tagsDialog.locator('.ant-modal-title').click();
  await expect(tagsDialog.locator('.ant-select-selection-item')).toHaveText('职业玩家');
  await tagsDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(risk.getByTestId('player-tags')).toHaveText('职业玩家');
  await risk.getByRole('textbox', { name: '备注' }).fill('赛前大额下注，已限注观察');
  await risk.getByRole('button', { name: /添加备注/ }).click();
  await expect(risk.getByTestId('player-notes')).toContainText('赛前大额下注，已限注观察');
  await expect(risk.getByTestId('player-notes')).toContainText(operatorName);
  await menu('实时注单');
  await expect(tickerRow.getByTestId('player-tags')).toHaveText('职业玩家');
  await pickOption(ops, ops.getByRole('combobox', { name: '玩家标签' }), '职业玩家');
  // Every row left is a tagged player's (earlier runs on the same server may have tagged others).
  const rows = ops.locator('tbody tr.ant-table-row');
  await expect(untaggedRow).toBeHidden();
  await expect(tickerRow).toBeVisible();
  await expect(rows.filter({ has: ops.getByTestId('player-tags').filter({ hasText: '职业玩家' }) })).toHaveCount(
    await rows.count(),
  );

  // 风险总览: the match's row counts the open bet; a second bet makes it two, without a reload.
  await menu('风险总览');
  await expect(ops).toHaveURL(/\/admin\/trading-overview$/);
  const overviewRow = ops.locator(`tr[data-row-key="${matchId}"]`);
  await expect(overviewRow).toContainText('E2E庄 vs E2E闲');
  await expect(overviewRow).toContainText('未开赛');
  await expect(overviewRow.getByTestId('open-bets')).toHaveText('1');
  await expect(overviewRow).toContainText('¥50.00');
  const worstBefore = await overviewRow.getByTestId('worst').innerText();
  await bet();
  await expect(overviewRow.getByTestId('open-bets')).toHaveText('2');
  await expect(overviewRow).toContainText('¥100.00');
  await expect(overviewRow.getByTestId('worst')).not.toHaveText(worstBefore);

  // 台球赛事, from the match's row: its board shows what the book owes if player A wins, which
  // moves with another bet, without a reload.
  await overviewRow.getByRole('link', { name: '盘口' }).click();
  await expect(ops).toHaveURL(/\/admin\/billiards$/);
  await ops
    .locator(`tr[data-row-key="${matchId}"]`)
    .getByRole('button', { name: /展开行|Expand row/ })
    .click();
  const exposure = ops.getByTestId(`exposure-${backA!.id}`);
  await expect(exposure).toContainText('2 笔');
  const before = await exposure.innerText();
  await bet();
  await expect(exposure).toContainText('3 笔');
  await expect(exposure).not.toHaveText(before);

  // The trader suspends the winner market: the console's card says so, and the player's page
  // (open since before, not reloaded) shows the market suspended, its odds locked.
  const card = ops.getByTestId(`market-${winner.id}`);
  await card.getByRole('button', { name: /暂\s*停/ }).click();
  await expect(ops.getByText('已暂停盘口')).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'suspended');
  await expect(card.getByRole('button', { name: /开\s*盘/ })).toBeVisible();

  await expect(market).toHaveAttribute('data-status', 'suspended');
  await expect(market.getByTestId('market-state')).toHaveText('暂停');
  for (const s of winner.selections) await expect(page.getByTestId(`odds-${s.id}`)).toBeDisabled();
  expect(await stillMarked(page), 'the player’s match page was not reloaded').toBe(true);
  expect(await stillMarked(ops), 'the console was not reloaded').toBe(true);
  await desk.close();
});
