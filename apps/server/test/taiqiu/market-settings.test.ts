import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, taiqiuAdmin } from '@breakshot/contracts';
import type { TestApp } from '../helpers/test-app.js';
import { adminCall } from '../helpers/withdrawals.js';
import { fundedPlayer, marketOf, matchPage, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';

/*
 * The operator's switches and margins per market type of a match (console 盘口设置): a type
 * switched off is gone from the players' page and takes no bets, a margin re-prices at once, and
 * every change is audited with the reason.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const set = (input: Record<string, unknown>) =>
  adminCall(t.app, taiqiuAdmin.marketsSet, { reason: '风控调整', off: false, marginBp: 500, ...input } as never);

/** The winner market's implied chances added up: 1 + its margin, about. */
const overround = (odds: number[]) => odds.reduce((sum, o) => sum + 1 / o, 0);

describe('market types per match', () => {
  it('switches a type off for players (its bets refused) and on again; the console sees it either way', async () => {
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 100_000);
    const res = await set({ matchId: match.id, type: 'race_to', off: true, marginBp: 600 });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.marketSettings.find((s) => s.type === 'race_to')).toMatchObject({ off: true, marginBp: 600 });

    const page = await matchPage(t, match.id);
    expect(page.markets.some((m) => m.type === 'race_to')).toBe(false);
    const race = marketOf(match, 'race_to');
    const refused = await placeBet(t, player, { ...page, markets: [race] }, 'race_to', 'a', 1_000);
    expect(refused).toMatchObject({ code: 422 });

    const list = await adminCall(t.app, taiqiuAdmin.matchesList, { page: 1, pageSize: 100 });
    const row = list.data.list.find((m) => m.id === match.id)!;
    expect(row.markets.some((m) => m.type === 'race_to')).toBe(true);
    expect(row.marketSettings.find((s) => s.type === 'race_to')).toMatchObject({ off: true, defaultMarginBp: 600 });

    expect((await set({ matchId: match.id, type: 'race_to', off: false, marginBp: 600 })).code).toBe(200);
    const again = await matchPage(t, match.id);
    expect(marketOf(again, 'race_to').status).toBe('open');
    expect((await placeBet(t, player, again, 'race_to', 'a', 1_000)).code).toBe(200);
  });

  it('a margin re-prices the type at once', async () => {
    const match = await newMatch(t, { frameWinA: 0.5 });
    const before = overround(marketOf(match, 'winner').selections.map((s) => s.odds));
    expect(before).toBeGreaterThan(1.04);
    expect(before).toBeLessThan(1.06);
    expect((await set({ matchId: match.id, type: 'winner', marginBp: 1500 })).code).toBe(200);
    const after = overround(marketOf(await matchPage(t, match.id), 'winner').selections.map((s) => s.odds));
    expect(after).toBeGreaterThan(1.14);
    expect(after).toBeLessThan(1.16);
  });

  it('audits the change with the reason; refuses bad input and unknown matches, changing nothing', async () => {
    const match = await newMatch(t);
    expect((await set({ matchId: match.id, type: 'century', off: false, marginBp: 900 })).code).toBe(200);
    const audit = (await adminCall(t.app, playersAdmin.auditList, { action: 'taiqiu.markets.set', pageSize: 100 })).data
      .list;
    expect(audit.find((r) => r.target === `match ${match.id} century`)).toMatchObject({
      before: { off: true },
      after: { off: false, marginBp: 900 },
      payload: expect.objectContaining({ reason: '风控调整' }),
    });
    expect((await set({ matchId: match.id, type: 'century', marginBp: 3001 })).code).toBe(400);
    expect((await set({ matchId: match.id, type: 'century', reason: ' ' })).code).toBe(400);
    expect((await set({ matchId: match.id, type: 'nope' })).code).toBe(400);
    expect((await set({ matchId: 999_999, type: 'century' })).code).toBe(404);
    const list = await adminCall(t.app, taiqiuAdmin.matchesList, { page: 1, pageSize: 100 });
    const row = list.data.list.find((m) => m.id === match.id)!;
    expect(row.marketSettings.find((s) => s.type === 'century')).toMatchObject({ off: false, marginBp: 900 });
  });
});
