import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, playerRiskAdmin, playersAdmin, withdrawals } from '@breakshot/contracts';
import { newOperator, opCall } from '../helpers/operators.js';
import { channelOf, startPay } from '../helpers/payments.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall, bindUsdt, FUND_PASSWORD } from '../helpers/withdrawals.js';

/*
 * A player's timeline in the console (docs/design.md §9, "Player risk"): logins, deposits,
 * withdrawals, bets, limit changes and notes, newest first; paged by a cursor that neither skips
 * nor repeats an event, however many share an instant.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

async function timelineOf(userId: number, after?: string) {
  const res = await adminCall(t.app, playersAdmin.playerTimeline, after ? { userId, after } : { userId });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

describe('the timeline', () => {
  it('shows each kind of event, newest first, with what the reviewer needs', async () => {
    const match = await newMatch(t);
    const p = await fundedPlayer(t, 100_000);
    const step = () => t.clock.advance(1_000);
    step();
    const bank = await channelOf(t.app, p.token, 'bank');
    const deposit = await startPay(t.app, p.token, bank.id, 30_000);
    step();
    const bet = await placeBet(t, p, match, 'winner', 'a', 2_000);
    expect(bet.code, bet.msg).toBe(200);
    step();
    expect((await call(t.app, limits.set, { kind: 'deposit', day: 50_000 }, { token: p.token })).code).toBe(200);
    step();
    await call(
      t.app,
      withdrawals.setFundPassword,
      { password: 'secret123', fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    const accountId = await bindUsdt(t, p);
    const withdrawal = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 10_000, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(withdrawal.code, withdrawal.msg).toBe(200);
    step();
    await adminCall(t.app, playerRiskAdmin.playerNoteAdd, { userId: p.userId, body: '首存后即提' });

    const { items, next } = await timelineOf(p.userId);
    expect(next).toBeNull();
    expect(items.map((e) => e.kind)).toEqual(['note', 'withdrawal', 'limit', 'bet', 'deposit', 'login']);
    expect(items).toMatchObject([
      { kind: 'note', body: '首存后即提', by: '@admin-token' },
      { kind: 'withdrawal', orderNo: withdrawal.data.orderNo, amount: 10_000, status: 'reviewing' },
      { kind: 'limit', change: { limit: 'deposit', amounts: { day: 50_000, week: null, month: null } } },
      { kind: 'bet', betNo: bet.data.betNo, gameName: '林浩然 vs 陈子轩', stake: 2_000, status: 'open' },
      { kind: 'deposit', orderNo: deposit.orderNo, amount: 30_000, status: 'PENDING' },
      { kind: 'login', ip: expect.any(String) },
    ]);
    const times = items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages by a cursor that neither skips nor repeats, though many events share an instant', async () => {
    const match = await newMatch(t);
    const p = await fundedPlayer(t, 10_000_000);
    // 70 bets at one instant (the test clock stands still), then a reminder and a note beside them.
    const placed: string[] = [];
    for (let i = 0; i < 70; i += 1) {
      const res = await placeBet(t, p, match, 'oddeven', i % 2 ? 'odd' : 'even', 1_000 + i);
      expect(res.code, res.msg).toBe(200);
      placed.push(res.data.betNo);
    }
    await call(t.app, limits.set, { kind: 'reminder', minutes: 30 }, { token: p.token });
    await adminCall(t.app, playerRiskAdmin.playerNoteAdd, { userId: p.userId, body: '同一时刻' });

    const seen: playersAdmin.TimelineEvent[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await timelineOf(p.userId, after);
      expect(page.items.length).toBeLessThanOrEqual(playersAdmin.TIMELINE_PAGE);
      seen.push(...page.items);
      after = page.next ?? undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(2);
    const keys = seen.map((e) => `${e.kind}:${e.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(seen.filter((e) => e.kind === 'bet').map((e) => (e as { betNo: string }).betNo)).toEqual(placed.reverse());
    expect(seen.filter((e) => e.kind !== 'bet').map((e) => e.kind)).toEqual(['note', 'limit', 'login']);
  });

  it('is read by finance and risk only; an unknown player is 404, a forged cursor 400', async () => {
    const p = await fundedPlayer(t, 0);
    const content = await newOperator(t, 'timeline_content', 'content');
    expect((await opCall(t.app, playersAdmin.playerTimeline, { userId: p.userId }, content)).code).toBe(403);
    expect((await adminCall(t.app, playersAdmin.playerTimeline, { userId: 9_999_999 })).code).toBe(404);
    for (const after of ['x', '2026-11-30T10:00:00.000000Z~money~1', '2026-11-30T10:00:00Z~bet~1']) {
      expect((await adminCall(t.app, playersAdmin.playerTimeline, { userId: p.userId, after })).code).toBe(400);
    }
  });
});
