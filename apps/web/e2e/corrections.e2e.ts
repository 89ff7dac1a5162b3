// Risk corrects a settled result in the console (docs/design.md §9, "Result corrections"): the
// preview says what moves and who will owe, the correction re-settles the player's bet, and the
// player — who had bet most of the payout away — reads the message, a balance of ¥20 → ¥0 and
// what they owe on their account page.
import { expect, test } from '@playwright/test';
import { adminCli, consoleAs, operatorCall, playerApi, playerToken, registerViaUi, uniqueUsername } from './helpers';

interface Match {
  markets: { id: number; type: string; name: string; selections: { id: number; name: string; odds: number }[] }[];
}

const yuan = (minor: number) => `¥${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('risk corrects a settled result: the player is told, the payout is taken back and what the cash no longer holds is owed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);

  // The player backs 庄 with ¥100, wins, and bets all but ¥20 of the payout on another match.
  const username = uniqueUsername('cor');
  // Names of this attempt's own: a retry's log must not find the first attempt's correction.
  const [sideA, sideB] = [`COR庄${username.slice(-4)}`, `COR闲${username.slice(-4)}`];
  await registerViaUi(page, username);
  adminCli('adjust', username, '100', 'e2e 测试资金');
  const api = playerApi(request, await playerToken(request, username));
  const newMatch = async (a: string, b: string) => {
    const id = Number(/match (\d+) created/.exec(adminCli('match-create', a, b, '5', '+60'))![1]);
    const winner = (await api<Match>('/taiqiu/match', { id })).markets.find((m) => m.type === 'winner')!;
    const bet = (pick: number, stake: number) =>
      api('/taiqiu/bet', {
        matchId: id,
        marketId: winner.id,
        selectionId: winner.selections[pick]!.id,
        stake,
        odds: winner.selections[pick]!.odds,
      });
    return { id, winner, bet };
  };
  const played = await newMatch(sideA, sideB);
  await played.bet(0, 10_000);
  await operatorCall(request, '/taiqiu/match/result', { matchId: played.id, a: 3, b: 1 });
  const payout = Math.floor((10_000 * Math.round(played.winner.selections[0]!.odds * 1000)) / 1000);
  const spent = payout - 2_000;
  await (await newMatch('COR甲', 'COR乙')).bet(0, spent);

  // Risk, in 台球赛事: 更正结果 on the match; 庄 lost, 闲 won.
  const { desk, page: ops } = await consoleAs(browser, 'corrisk', 'risk', 'Corr-risk-e2e-2026!');
  const menu = (name: string) =>
    ops
      .getByRole('menu')
      .getByRole('menuitem', { name: new RegExp(name) })
      .click();
  await menu('台球赛事');
  await ops
    .locator(`tr[data-row-key="${played.id}"]`)
    .getByRole('button', { name: /更正结果/ })
    .click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog).toContainText(`更正结果 · ${sideA} vs ${sideB}`);
  const outcome = async (selection: string, label: string) =>
    dialog
      .getByRole('radiogroup', { name: `${played.winner.name} ${selection}` })
      .getByText(label)
      .click();
  await outcome(sideA, '输');
  await outcome(sideB, '赢');
  await dialog.getByRole('button', { name: /预\s*览/ }).click();

  // The preview: one bet changes, its payout comes back, what the cash lacks becomes debt.
  await expect(dialog).toContainText('变动注单');
  await expect(dialog).toContainText(yuan(payout));
  await expect(dialog).toContainText(yuan(spent));
  await expect(dialog).toContainText(username);
  await dialog.getByLabel('更正原因').fill('录入比分有误，实为闲家获胜');
  await dialog.getByRole('button', { name: /确认更正/ }).click();
  await expect(ops.getByText('已更正')).toBeVisible();

  // The log holds it, applied, with who made it.
  await menu('结果更正');
  const row = ops.locator('tr', { hasText: `${sideA} vs ${sideB}` });
  await expect(row).toContainText('已更正');
  await expect(row).toContainText('录入比分有误');
  await desk.close();

  // The player: ¥0 and ¥X owed on the account page, and the message naming the bet.
  await page.goto('/user');
  await expect(page.locator('.user-wallet-balance')).toHaveText('¥0.00');
  await expect(page.getByTestId('debt-notice')).toContainText(yuan(spent));
  await page.goto('/user/myMessage?tab=message');
  const message = page.getByTestId('inbox-row').filter({ hasText: '注单结果更正' });
  await expect(message).toBeVisible();
});
