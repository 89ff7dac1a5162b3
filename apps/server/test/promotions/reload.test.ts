import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  applicationsOf,
  depositOrder,
  payOrder,
  promotionRewards,
  runPeriodJob,
  savePromotion,
} from '../helpers/promotions.js';
import { siteDate, toSiteTime } from '../helpers/rewards.js';
import type { TestApp } from '../helpers/test-app.js';
import { deposit } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { newTestPlayer, startWithdrawApp, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * 加赠: on a day the player applied, every credited deposit but the
 * first earns the highest tier it reaches, the day's bonuses together at most the cap. This
 * test's promotion: ¥100+ → 5 % max ¥100, ¥1,000+ → 8 % max ¥500, ¥600 a day, turnover ×5.
 *
 * PGlite is one connection: deposits credited "at once" run one after the other there; the race
 * shows only on PostgreSQL (DATABASE_URL), where the cap must still hold.
 */

describe('promotions: reload', () => {
  let t: TestApp;
  let promotionId: number;
  beforeAll(async () => {
    t = await startWithdrawApp();
    // Ten in the morning (site time): the test's day does not end under it.
    toSiteTime(t, 10);
    const promotion = await savePromotion(
      t,
      {
        type: 'reload',
        tiers: [
          { minDeposit: 10_000, rateBps: 500, maxBonus: 10_000 },
          { minDeposit: 100_000, rateBps: 800, maxBonus: 50_000 },
        ],
      },
      { capAmount: 60_000, turnoverMultiple: 5 },
    );
    promotionId = promotion.id;
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** A player who made a first deposit (¥100) and applied today. */
  const depositorWhoApplied = async () => {
    const p = await newTestPlayer(t);
    await deposit(t, p, 10_000);
    expect(await apply(t, p, promotionId)).toMatchObject({ code: 200, data: { status: 'pending' } });
    return p;
  };
  const bonusesOf = async (p: TestPlayer) => (await promotionRewards(t, p)).map((r) => [r.amount, r.turnoverMultiple]);

  it('each deposit after applying earns its tier (floored), up to the daily cap; the application adds them up', async () => {
    const p = await newTestPlayer(t);
    await deposit(t, p, 10_000);
    await deposit(t, p, 20_000); // before applying: nothing
    const res = await apply(t, p, promotionId);
    expect(res).toMatchObject({
      code: 200,
      data: { type: 'reload', periodKey: siteDate(t.clock.now()), status: 'pending', amount: 0, uses: 0 },
    });

    await deposit(t, p, 9_999); // below ¥100: nothing, and the application still waits
    expect(await applicationsOf(t, p, promotionId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    await deposit(t, p, 50_000); // 5 %: 2,500
    expect(await applicationsOf(t, p, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 2_500, uses: 1 }),
    ]);
    await deposit(t, p, 300_000); // 8 %: 24,000
    await deposit(t, p, 250_001); // 8 %: 20,000.08 → 20,000
    await deposit(t, p, 500_000); // 8 %: 40,000, but 13,500 left of the day's ¥600
    await deposit(t, p, 100_000); // the cap is reached: nothing
    expect(await bonusesOf(p)).toEqual([
      [13_500, 5],
      [20_000, 5],
      [24_000, 5],
      [2_500, 5],
    ]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([
      expect.objectContaining({ id: res.data.id, status: 'granted', amount: 60_000, uses: 4 }),
    ]);
  });

  it('one deposit earns at most its tier’s maximum', async () => {
    const p = await depositorWhoApplied();
    await deposit(t, p, 1_000_000); // 8 %: 80,000 > ¥500
    expect(await bonusesOf(p)).toEqual([[50_000, 5]]);
  });

  it('the first deposit earns no reload bonus, the next ones do; without applying nothing is earned', async () => {
    const p = await newTestPlayer(t);
    expect((await apply(t, p, promotionId)).code).toBe(200);
    await deposit(t, p, 50_000);
    expect(await bonusesOf(p)).toEqual([]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    await deposit(t, p, 50_000);
    expect(await bonusesOf(p)).toEqual([[2_500, 5]]);

    const never = await newTestPlayer(t);
    await deposit(t, never, 10_000);
    await deposit(t, never, 50_000);
    expect(await bonusesOf(never)).toEqual([]);
  });

  it('two deposits credited at once keep the day within the cap', async () => {
    const p = await depositorWhoApplied();
    const a = await depositOrder(t, p, 500_000);
    const b = await depositOrder(t, p, 500_000);
    await Promise.all([payOrder(t, a, 500_000), payOrder(t, b, 500_000)]);
    // 40,000 each, but ¥600 a day: 40,000 and the 20,000 left.
    expect((await bonusesOf(p)).map(([amount]) => amount).sort()).toEqual([20_000, 40_000]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 60_000, uses: 2 }),
    ]);
  });

  it('once a day: a second apply is 409; the next day is a new period, and a day that ended without a bonus is rejected by the period job', async () => {
    const granted = await depositorWhoApplied();
    await deposit(t, granted, 20_000); // 1,000
    const lapsed = await depositorWhoApplied();
    expect(await apply(t, lapsed, promotionId)).toMatchObject({ code: 409, msg: '本期已申请过该活动' });
    const yesterday = siteDate(t.clock.now());

    toSiteTime(t, 10);
    // Yesterday's application does not cover today.
    await deposit(t, lapsed, 20_000);
    expect(await bonusesOf(lapsed)).toEqual([]);

    await runPeriodJob(t);
    await runPeriodJob(t);
    const [zh] = await applicationsOf(t, lapsed, promotionId);
    const [en] = await applicationsOf(t, lapsed, promotionId, 'en');
    expect(zh).toMatchObject({ periodKey: yesterday, status: 'rejected', amount: 0 });
    expect(zh!.reason).toBeTruthy();
    expect(en!.reason).toBeTruthy();
    expect(en!.reason).not.toBe(zh!.reason);
    // The one that earned a bonus stays granted.
    expect(await applicationsOf(t, granted, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 1_000, uses: 1 }),
    ]);

    const today = await apply(t, lapsed, promotionId);
    expect(today).toMatchObject({ code: 200, data: { periodKey: siteDate(t.clock.now()), status: 'pending' } });
    expect(today.data.periodKey).not.toBe(yesterday);
    await deposit(t, lapsed, 20_000);
    expect(await bonusesOf(lapsed)).toEqual([[1_000, 5]]);
    expect((await applicationsOf(t, lapsed, promotionId)).map((a) => [a.periodKey, a.status])).toEqual([
      [today.data.periodKey, 'granted'],
      [yesterday, 'rejected'],
    ]);
  });
});
