import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playersAdmin,
  withdrawalsAdmin,
  depositFeeAndBonus,
  report,
  taiqiuAdmin,
  withdrawals,
} from '@breakshot/contracts';
import { channelOf, sandboxCallback, startPay } from '../helpers/payments.js';
import { newMatch, placeBet } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { moveWithRow, useTestOps } from '../helpers/wallet.js';
import {
  adminCall,
  bindUsdt,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The seeded site's zone, Asia/Shanghai: UTC+8 all year. */
const SHANGHAI = 8 * HOUR;

describe('personal report (user/personalReport)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
    await useTestOps(t.db, ['rebate']);
  });
  afterAll(() => t.close());

  const reportOf = (p: TestPlayer, from: Date, to: Date) =>
    call(t.app, report.personalReport, { from: from.toISOString(), to: to.toISOString() }, { token: p.token });

  async function deposit(p: TestPlayer, amount: number) {
    const channel = await channelOf(t.app, p.token, 'sandbox');
    const order = await startPay(t.app, p.token, channel.id, amount);
    const paid = await sandboxCallback(t.app, { orderNo: order.orderNo, amount });
    expect(paid.statusCode).toBe(200);
    return depositFeeAndBonus(amount, channel).bonus;
  }

  /** A bet on the winner market, settled at once by a 4:0 result for player A. */
  async function settledBet(p: TestPlayer, pick: 'a' | 'b', stake: number) {
    const match = await newMatch(t);
    const placed = await placeBet(t, p, match, 'winner', pick, stake);
    expect(placed.code).toBe(200);
    await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 });
    return placed.data;
  }

  it('adds up a scripted history by day of the site’s zone; adjustments are not bonuses', async () => {
    const a = await newTestPlayer(t);
    const b = await newTestPlayer(t);
    // 23:00 in Shanghai (15:00 UTC) of a day at least an hour ahead: "day 1".
    const now = t.clock.now().getTime();
    const day1Late = Math.ceil((now + HOUR - 15 * HOUR) / DAY) * DAY + 15 * HOUR;
    t.clock.advance(day1Late - now);
    const day1Start = new Date(day1Late - 23 * HOUR);
    const date = (ms: number) => new Date(ms + SHANGHAI).toISOString().slice(0, 10);
    const [day1, day2] = [date(day1Late), date(day1Late + DAY)];

    // Day 1, 23:00: a deposit of 1,000.00 with the channel's bonus, then a bet of 100.00 lost.
    const bonus = await deposit(a, 100_000);
    expect(bonus).toBeGreaterThan(0);
    const lost = await settledBet(a, 'b', 10_000);

    // Day 2, 00:30 (still the same UTC date): a bet of 50.00 won, a rebate of 5.00, an operator
    // adjustment of 20.00, and a withdrawal of 300.00 paid. Player B deposits the same day.
    t.clock.advance(90 * 60_000);
    const won = await settledBet(a, 'a', 5_000);
    await moveWithRow(t, `rebate-${a.userId}`, 'rebate', { house: 'rebate_expense' }, { userId: a.userId }, 500);
    await fund(t, a.username, 2_000);
    await adminCall(t.app, playersAdmin.turnoverWaive, { username: a.username, reason: 'report test' });
    const accountId = await bindUsdt(t, a);
    const requested = await call(
      t.app,
      withdrawals.addWithdraw,
      { accountId, amount: 30_000, fundPassword: FUND_PASSWORD },
      { token: a.token },
    );
    expect(requested.code).toBe(200);
    const { orderNo } = requested.data;
    expect((await adminCall(t.app, withdrawalsAdmin.withdrawalApprove, { orderNo })).code).toBe(200);
    expect((await adminCall(t.app, withdrawalsAdmin.withdrawalPay, { orderNo })).data.status).toBe('paid');
    const bonusB = await deposit(b, 77_700);

    // Day 3: outside the range asked for.
    t.clock.advance(DAY);
    await deposit(a, 10_000);

    const res = await reportOf(a, day1Start, new Date(day1Start.getTime() + 2 * DAY));
    expect(res.code).toBe(200);
    const zero = { deposits: 0, withdrawals: 0, stake: 0, validBet: 0, payout: 0, rebates: 0, bonuses: 0 };
    const d1 = { ...zero, deposits: 100_000, bonuses: bonus, stake: 10_000, validBet: 10_000 };
    const d2 = {
      ...zero,
      withdrawals: 30_000,
      stake: 5_000,
      validBet: 5_000,
      payout: won.potentialReturn,
      rebates: 500,
    };
    expect(res.data.timeZone).toBe('Asia/Shanghai');
    expect(res.data.days).toEqual([
      { date: day1, ...d1, winLoss: -10_000 + bonus },
      { date: day2, ...d2, winLoss: won.potentialReturn - 5_000 + 500 },
    ]);
    expect(res.data.totals).toEqual({
      deposits: 100_000,
      withdrawals: 30_000,
      stake: 15_000,
      validBet: 15_000,
      payout: won.potentialReturn,
      rebates: 500,
      bonuses: bonus,
      // payout − stake + rebates + bonuses; the 20.00 adjustment is not in it.
      winLoss: won.potentialReturn - 15_000 + 500 + bonus,
    });
    expect(lost.stake).toBe(10_000);

    // Only day 2 asked for: day 1 is left out, by the zone's midnight (not UTC's).
    const only2 = await reportOf(a, new Date(day1Start.getTime() + DAY), new Date(day1Start.getTime() + 2 * DAY));
    expect(only2.data.days.map((d) => d.date)).toEqual([day2]);
    expect(only2.data.totals.deposits).toBe(0);

    // Player B sees only B's money, and A's report has none of it.
    const ofB = await reportOf(b, day1Start, new Date(day1Start.getTime() + 2 * DAY));
    expect(ofB.data.totals).toEqual({ ...zero, deposits: 77_700, bonuses: bonusB, winLoss: bonusB });
    expect(ofB.data.days.map((d) => d.date)).toEqual([day2]);
  });

  it('an empty period has zero totals and no days', async () => {
    const p = await newTestPlayer(t);
    const to = t.clock.now();
    const res = await reportOf(p, new Date(to.getTime() - 7 * DAY), to);
    expect(res.data).toMatchObject({
      days: [],
      totals: { deposits: 0, withdrawals: 0, stake: 0, validBet: 0, payout: 0, rebates: 0, bonuses: 0, winLoss: 0 },
    });
  });

  it('refuses a range over 90 days, a reversed one and a guest, naming the field', async () => {
    const p = await newTestPlayer(t);
    const from = new Date('2026-01-01T00:00:00+08:00');
    const ninety = await reportOf(p, from, new Date(from.getTime() + 90 * DAY));
    expect(ninety.code).toBe(200);
    const over = await reportOf(p, from, new Date(from.getTime() + 91 * DAY));
    expect(over.code).toBe(400);
    expect(over.msg).toContain('90');
    const reversed = await reportOf(p, from, new Date(from.getTime() - DAY));
    expect(reversed.code).toBe(400);
    const missing = await call(t.app, report.personalReport, { from: from.toISOString() }, { token: p.token });
    expect(missing.code).toBe(400);
    const guest = await call(t.app, report.personalReport, {
      from: from.toISOString(),
      to: new Date(from.getTime() + DAY).toISOString(),
    });
    expect(guest.code).toBe(401);
  });
});
