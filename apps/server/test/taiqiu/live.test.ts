import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { getWssToken, listenLocal, openLive, type LiveClient } from '../helpers/live-client.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall } from '../helpers/withdrawals.js';
import {
  acceptPending,
  fundedPlayer,
  matchPage,
  newMatch,
  placeBet,
  selectionOf,
  startTaiqiuApp,
} from '../helpers/taiqiu.js';

/** The next event of this type (other events, such as other matches', are skipped). */
async function nextOf(live: LiveClient, type: string, matchId?: number): Promise<Record<string, unknown>> {
  for (;;) {
    const text = await live.next();
    if (text === 'pong') continue;
    const event = JSON.parse(text) as Record<string, unknown>;
    if (event.type === type && (matchId === undefined || event.matchId === matchId)) return event;
  }
}

/** What a match scored by hand offers players: no markets that need the visits. */
const HAND_SCORED_TYPES = ['winner', 'handicap', 'total', 'oddeven', 'correct_score', 'race_to', 'frame_winner'];

describe('billiards live events and operator calls', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('MATCH_UPDATED reaches every connected socket on score, odds and market changes; the bettor gets BALANCE_UPDATED', async () => {
    const bettor = await fundedPlayer(t, 50_000);
    const watcher = await fundedPlayer(t, 0);
    const match = await newMatch(t, { bestOf: 5 });
    const mine = await openLive(base, await getWssToken(t.app, bettor.token));
    const theirs = await openLive(base, await getWssToken(t.app, watcher.token));

    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 0 });
    for (const live of [mine, theirs]) {
      // The match's creation is told after its answer, and may reach a socket opened just after it: skipped.
      let event = await nextOf(live, 'MATCH_UPDATED', match.id);
      while (event.status === 'scheduled') event = await nextOf(live, 'MATCH_UPDATED', match.id);
      expect(event).toMatchObject({ status: 'live', score: { a: 1, b: 0 } });
      const types = (event.markets as { type: string }[]).map((m) => m.type);
      expect(new Set(types)).toEqual(new Set(HAND_SCORED_TYPES));
    }

    const { market, sel } = selectionOf(match, 'winner', 'a');
    await adminCall(t.app, taiqiuAdmin.oddsSet, { selectionId: sel.id, odds: 1.333 });
    const odds = await nextOf(theirs, 'MATCH_UPDATED', match.id);
    const markets = odds.markets as { id: number; status: string; selections: { id: number; odds: number }[] }[];
    expect(markets.find((m) => m.id === market.id)?.selections.find((s) => s.id === sel.id)?.odds).toBe(1.333);

    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id });
    const suspended = await nextOf(theirs, 'MATCH_UPDATED', match.id);
    expect((suspended.markets as { id: number; status: string }[]).find((m) => m.id === market.id)?.status).toBe(
      'suspended',
    );
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id });
    await nextOf(theirs, 'MATCH_UPDATED', match.id);

    const live = {
      ...match,
      markets: match.markets.map((m) => ({
        ...m,
        selections: m.selections.map((s) => (s.id === sel.id ? { ...s, odds: 1.333 } : s)),
      })),
    };
    const bet = await placeBet(t, bettor, live, 'winner', 'a', 30_000);
    expect(bet.code, bet.msg).toBe(200);
    expect(await nextOf(mine, 'BALANCE_UPDATED')).toEqual({ type: 'BALANCE_UPDATED', balance: 20_000 });
    // In play: pending, its stake held, then accepted at the odds it was placed at.
    expect(bet.data.status).toBe('pending');
    await acceptPending(t);
    expect(await nextOf(mine, 'BET_UPDATED')).toEqual({
      type: 'BET_UPDATED',
      betNo: bet.data.betNo,
      status: 'open',
      odds: 1.333,
    });

    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 3, b: 1 });
    expect(await nextOf(theirs, 'MATCH_UPDATED', match.id)).toMatchObject({
      status: 'finished',
      score: { a: 3, b: 1 },
    });
    expect(await nextOf(mine, 'BALANCE_UPDATED')).toEqual({ type: 'BALANCE_UPDATED', balance: 20_000 + 39_990 });
    mine.socket.close(1000);
    theirs.socket.close(1000);
  });

  it('operator calls need the operator token and valid input; the list shows markets and open bets', async () => {
    const match = await newMatch(t);
    expect(
      (await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 }, { token: false })).code,
    ).toBe(401);
    expect(
      (await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id }, { token: 'wrong-token' })).code,
    ).toBe(403);
    expect(
      (await adminCall(t.app, taiqiuAdmin.matchCreate, { playerA: 'x', playerB: 'y', bestOf: 6, startAt: 'soon' }))
        .code,
    ).toBe(400);
    const list = await adminCall(t.app, taiqiuAdmin.matchesList, { status: 'upcoming', page: 1, pageSize: 50 });
    const row = list.data.list.find((m) => m.id === match.id);
    expect(row).toMatchObject({ status: 'scheduled', openBets: 0 });
    // The console sees every market, also those of types switched off for the match.
    expect(new Set(row?.markets.map((m) => m.type))).toEqual(new Set(taiqiu.marketTypes));
  });

  /** The newest audit row of this action on this target. */
  async function auditOf(action: string, target: string) {
    const list = (await adminCall(t.app, playersAdmin.auditList, { action, pageSize: 100 })).data.list;
    const row = list.find((a) => a.target === target);
    if (!row) throw new Error(`no ${action} audit row of ${target}`);
    return row;
  }

  it('audits every operator call with the state before and after it', async () => {
    const player = await fundedPlayer(t, 50_000);
    const match = await newMatch(t, { playerA: '审计甲', playerB: '审计乙', bestOf: 5 });
    expect(await auditOf('taiqiu.match.create', '审计甲 vs 审计乙')).toMatchObject({
      before: null,
      after: {
        id: match.id,
        playerA: '审计甲',
        playerB: '审计乙',
        bestOf: 5,
        startAt: match.startAt,
        status: 'scheduled',
      },
    });

    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 0 });
    expect(await auditOf('taiqiu.match.score', `match ${match.id}`)).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      before: { status: 'scheduled', score: { a: 0, b: 0 } },
      after: { status: 'live', score: { a: 1, b: 0 } },
    });

    // The odds as the score left them, then as the operator fixed them.
    const live = await matchPage(t, match.id);
    const { market, sel } = selectionOf(live, 'winner', 'a');
    expect(sel.odds).not.toBe(1.23);
    expect((await adminCall(t.app, taiqiuAdmin.oddsSet, { selectionId: sel.id, odds: 1.23 })).code).toBe(200);
    expect(await auditOf('taiqiu.odds.set', `selection ${sel.id}`)).toMatchObject({
      before: { odds: sel.odds, fixed: false },
      after: { odds: 1.23, fixed: true },
    });

    await adminCall(t.app, taiqiuAdmin.marketSuspend, { marketId: market.id });
    expect(await auditOf('taiqiu.market.suspend', `market ${market.id}`)).toMatchObject({
      before: { status: 'open' },
      after: { status: 'suspended' },
    });
    await adminCall(t.app, taiqiuAdmin.marketOpen, { marketId: market.id });
    expect(await auditOf('taiqiu.market.open', `market ${market.id}`)).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'open' },
    });

    expect((await placeBet(t, player, await matchPage(t, match.id), 'winner', 'b', 1_000)).code).toBe(200);
    await acceptPending(t);
    const result = await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 1, b: 3 });
    expect(result.data.settledBets).toBe(1);
    const finished = await auditOf('taiqiu.match.result', `match ${match.id}`);
    expect([finished.payload, finished.before, finished.after]).toEqual([
      { matchId: match.id, a: 1, b: 3, openBets: 1 },
      { status: 'live', score: { a: 1, b: 0 } },
      { status: 'finished', score: { a: 1, b: 3 } },
    ]);

    const other = await newMatch(t);
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: other.id, a: 2, b: 1 });
    expect((await placeBet(t, player, await matchPage(t, other.id), 'winner', 'a', 1_000)).code).toBe(200);
    expect((await placeBet(t, player, await matchPage(t, other.id), 'winner', 'b', 1_000)).code).toBe(200);
    await acceptPending(t);
    await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: other.id, reason: 'venue' });
    const cancelled = await auditOf('taiqiu.match.cancel', `match ${other.id}`);
    expect([cancelled.payload, cancelled.before, cancelled.after]).toEqual([
      { matchId: other.id, reason: 'venue', openBets: 2 },
      { status: 'live', score: { a: 2, b: 1 } },
      { status: 'cancelled', score: { a: 2, b: 1 } },
    ]);

    // A refused call leaves no row: the match is over.
    const rows = (await adminCall(t.app, playersAdmin.auditList, { action: 'taiqiu.match.cancel', pageSize: 100 })).data
      .total;
    expect((await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: other.id })).code).toBe(409);
    expect(
      (await adminCall(t.app, playersAdmin.auditList, { action: 'taiqiu.match.cancel', pageSize: 100 })).data.total,
    ).toBe(rows);
  });
});
