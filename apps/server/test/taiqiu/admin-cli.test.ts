import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli as admin, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { cashOf } from '../helpers/withdrawals.js';
import { fundedPlayer, matchPage, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';

describe('npm run admin: billiards commands', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('lists matches, suspends and reopens a market, enters a result and cancels a match', async () => {
    const player = await fundedPlayer(t, 100_000);
    const finished = await newMatch(t, { bestOf: 5 });
    const cancelled = await newMatch(t, { playerA: '周思远', playerB: '吴俊杰' });
    const won = await placeBet(t, player, finished, 'winner', 'b', 10_000);
    await placeBet(t, player, cancelled, 'winner', 'a', 20_000);

    const list = await admin(url, ['matches', 'upcoming']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('周思远 vs 吴俊杰');
    expect(list.stdout).toMatch(/openBets/);

    const { market } = selectionOf(finished, 'total', 'over');
    expect((await admin(url, ['market-suspend', String(market.id)])).stdout.trim()).toBe(
      `market ${market.id}: suspended`,
    );
    expect((await matchPage(t, finished.id)).markets.find((m) => m.id === market.id)?.status).toBe('suspended');
    expect((await admin(url, ['market-open', String(market.id)])).stdout.trim()).toBe(`market ${market.id}: open`);

    const result = await admin(url, ['match-result', String(finished.id), '1', '3']);
    expect(result.stdout.trim()).toBe(`match ${finished.id}: finished 1:3, 1 bets settled`);
    const cancel = await admin(url, ['match-cancel', String(cancelled.id), 'player', 'ill']);
    expect(cancel.stdout.trim()).toBe(`match ${cancelled.id}: cancelled, 1 bets void and refunded`);
    expect(await cashOf(t, player)).toEqual({ balance: 100_000 - 10_000 + won.data.potentialReturn, frozen: 0 });

    const again = await admin(url, ['match-result', String(finished.id), '1', '3']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('409');
    expect((await admin(url, ['match-result', String(finished.id), 'x'])).code).toBe(2);
  });

  it("creates a match, sets its live score and fixes a selection's odds", async () => {
    const created = await admin(url, ['match-create', '郑凯文', '何子涵', '7', '+5']);
    expect(created.code, created.stderr).toBe(0);
    const id = Number(/match (\d+) created/.exec(created.stdout)![1]);
    const page = await matchPage(t, id);
    expect(page).toMatchObject({
      playerA: { name: '郑凯文' },
      playerB: { name: '何子涵' },
      bestOf: 7,
      status: 'scheduled',
    });

    expect((await admin(url, ['match-score', String(id), '2', '1'])).stdout.trim()).toBe(`match ${id}: live 2:1`);
    const winnerA = page.markets.find((m) => m.type === 'winner')!.selections[0]!;
    const fixed = await admin(url, ['odds-set', String(winnerA.id), '1.95']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect((await matchPage(t, id)).markets.flatMap((m) => m.selections).find((x) => x.id === winnerA.id)?.odds).toBe(
      1.95,
    );

    expect((await admin(url, ['match-create', 'a', 'b', '6'])).code).toBe(2);
    expect((await admin(url, ['match-create', 'a', 'b', '7', 'tomorrow'])).code).toBe(2);
  });

  it("takes and prints times on the site's clock with its offset, whatever the machine's zone", async () => {
    const machine = { TZ: 'America/Los_Angeles' };
    const created = await admin(url, ['match-create', '林海', '宋词', '5', '2030-01-15 18:00'], undefined, machine);
    expect(created.code, created.stderr).toBe(0);
    const id = Number(/match (\d+) created/.exec(created.stdout)![1]);
    // 18:00 in Asia/Shanghai (the seeded site's zone) is 10:00 UTC.
    expect((await matchPage(t, id)).startAt).toBe('2030-01-15T10:00:00.000Z');
    const list = await admin(url, ['matches', 'upcoming'], undefined, machine);
    const row = list.stdout.split('\n').find((line) => line.includes('林海 vs 宋词'));
    expect(row).toContain('2030-01-15 18:00 (UTC+8)');
  });
});
