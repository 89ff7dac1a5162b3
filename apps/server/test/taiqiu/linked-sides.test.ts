import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiuAdmin, withdrawals } from '@breakshot/contracts';
import { sweepLinkedSides } from '../../src/modules/taiqiu/trading/linked-sides.js';
import { inTransaction } from '../../src/platform/db.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import { adminCall, fund, FUND_PASSWORD, luhnCard, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * Linked players on opposite sides (docs/design.md §9, "Linked accounts"): the sweep after the
 * bets raises one alert per market and pair of linked players backing different selections,
 * naming the bet that completed the pair and the linked player; players not linked raise none.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const sweep = () => inTransaction(t.db, (tx) => sweepLinkedSides(tx, t.app.ctx, t.clock.now()));

async function player(card?: string): Promise<TestPlayer> {
  const p = await newTestPlayer(t);
  await fund(t, p.username, 500_000);
  if (card) {
    const res = await call(
      t.app,
      withdrawals.addAccount,
      {
        type: 'bank',
        bankName: '招商银行',
        holder: '张小三',
        cardNumber: card,
        branch: '南山',
        fundPassword: FUND_PASSWORD,
      },
      { token: p.token },
    );
    expect(res.code, res.msg).toBe(200);
  }
  return p;
}

const alertsOf = async (matchId: number) =>
  (await adminCall(t.app, taiqiuAdmin.alerts, { page: 1, pageSize: 100 })).data.list.filter(
    (a) => a.matchId === matchId && a.kind === 'linked_sides',
  );

describe('linked players on opposite sides', () => {
  it('raise one alert per market and pair, naming the bet that completed it; unlinked players raise none', async () => {
    await sweep(); // what earlier tests left
    const card = luhnCard();
    const [a, b, stranger] = [await player(card), await player(card), await player()];
    const match = await newMatch(t);
    const bet = async (p: TestPlayer, pick: 'a' | 'b', stake: number) => {
      const res = await placeBet(t, p, match, 'winner', pick, stake);
      expect(res.code, res.msg).toBe(200);
      return res.data.betNo;
    };
    await bet(a, 'a', 10_000);
    await bet(stranger, 'b', 3_000);
    const completing = await bet(b, 'b', 7_000);
    expect(await alertsOf(match.id)).toEqual([]);

    expect(await sweep()).toBe(1);
    const [alert] = await alertsOf(match.id);
    expect(alert).toMatchObject({
      userId: b.userId,
      username: b.username,
      linkedUserId: a.userId,
      linkedUsername: a.username,
      betNo: completing,
      amount: 7_000,
      ackedAt: null,
    });

    // Read once: a second run finds nothing new; a further bet of the pair on the market adds none.
    expect(await sweep()).toBe(0);
    await bet(a, 'a', 2_000);
    await bet(b, 'b', 2_000);
    expect(await sweep()).toBe(0);
    expect(await alertsOf(match.id)).toHaveLength(1);

    // On another market of the match, the pair is reported again; on the same side, not.
    await placeBet(t, a, match, 'handicap', 'a', 1_000);
    await placeBet(t, b, match, 'handicap', 'a', 1_000);
    expect(await sweep()).toBe(0);
    await placeBet(t, b, match, 'handicap', 'b', 1_000);
    expect(await sweep()).toBe(1);
    expect(await alertsOf(match.id)).toHaveLength(2);
  });
});
