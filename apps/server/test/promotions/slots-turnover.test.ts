import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionPeriodJob } from '../../src/modules/promotions/service.js';
import { runJob } from '../../src/platform/scheduler.js';
import {
  apply,
  applicationsOf,
  promotionRewards,
  runPeriodJob,
  savePromotion,
  siteMonday,
  toSiteWeekday,
} from '../helpers/promotions.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { settledBet } from '../helpers/rewards.js';
import { fundedPlayer, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { providerBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/*
 * PG 电子: the slots valid bet of the week since applying; when the week
 * has ended the period job grants the highest tier reached (at most the cap) or rejects the
 * application, once however often it runs. This test's promotion: ¥1,000 → ¥10, ¥3,000 → ¥30,
 * ¥5,000 → ¥80, cap ¥60, turnover ×3.
 */

describe('promotions: slots turnover', () => {
  let t: TestApp;
  let provider: TestProvider;
  let promotionId: number;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    provider = await registerTestProvider(t);
    toSiteWeekday(t, 'Wed');
    const promotion = await savePromotion(
      t,
      {
        type: 'slots_turnover',
        tiers: [
          { validBet: 100_000, bonus: 1_000 },
          { validBet: 300_000, bonus: 3_000 },
          { validBet: 500_000, bonus: 8_000 },
        ],
      },
      { capAmount: 6_000, turnoverMultiple: 3 },
    );
    promotionId = promotion.id;
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const slots = (p: TestPlayer, stake: number) => providerBet(t, provider, p, provider.slot, stake);
  const bonusesOf = async (p: TestPlayer) => (await promotionRewards(t, p)).map((r) => [r.amount, r.turnoverMultiple]);

  it('after the week the job grants the highest tier reached by slots bets since applying, capped, once however often it runs', async () => {
    const reached = await fundedPlayer(t, 2_000_000);
    await slots(reached, 50_000); // before applying: does not count
    expect(await apply(t, reached, promotionId)).toMatchObject({
      code: 200,
      data: { type: 'slots_turnover', periodKey: siteMonday(t.clock.now()), status: 'pending' },
    });
    await slots(reached, 200_000);
    await slots(reached, 150_000);
    await providerBet(t, provider, reached, provider.poker, 500_000); // not slots
    await settledBet(t, reached, 100_000); // not slots

    const capped = await fundedPlayer(t, 1_000_000);
    expect((await apply(t, capped, promotionId)).code).toBe(200);
    await slots(capped, 600_000); // ¥80, capped at ¥60

    const short = await fundedPlayer(t, 200_000);
    expect((await apply(t, short, promotionId)).code).toBe(200);
    await slots(short, 99_999);

    const never = await fundedPlayer(t, 1_000_000);
    await slots(never, 600_000);

    expect(await applicationsOf(t, reached, promotionId)).toEqual([
      expect.objectContaining({ status: 'pending', progress: 350_000, amount: 0 }),
    ]);
    // The week has not ended: nothing yet.
    await runPeriodJob(t);
    expect(await bonusesOf(reached)).toEqual([]);
    expect(await applicationsOf(t, reached, promotionId)).toEqual([expect.objectContaining({ status: 'pending' })]);

    toSiteWeekday(t, 'Mon');
    // Two instances at once (one holds the job's lock, the other skips), then once more.
    const job = promotionPeriodJob(t.app.ctx);
    const runs = await Promise.all([runJob(t.db, job, t.clock.now()), runJob(t.db, job, t.clock.now())]);
    expect(runs).toContain(true);
    await runPeriodJob(t);
    expect(await bonusesOf(reached)).toEqual([[3_000, 3]]);
    expect(await bonusesOf(capped)).toEqual([[6_000, 3]]);
    expect(await bonusesOf(short)).toEqual([]);
    expect(await bonusesOf(never)).toEqual([]);
    expect(await applicationsOf(t, reached, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 3_000, uses: 1, progress: 350_000 }),
    ]);
    const [zh] = await applicationsOf(t, short, promotionId);
    const [en] = await applicationsOf(t, short, promotionId, 'en');
    expect(zh).toMatchObject({ status: 'rejected', amount: 0, progress: 99_999 });
    expect(zh!.reason).toBeTruthy();
    expect(en!.reason).toBeTruthy();
    expect(en!.reason).not.toBe(zh!.reason);

    // A day later, again: nothing more.
    toSiteWeekday(t, 'Tue');
    await runPeriodJob(t);
    expect(await bonusesOf(reached)).toEqual([[3_000, 3]]);
    expect(await bonusesOf(capped)).toEqual([[6_000, 3]]);

    // The new week is a new period: a new application, counted from zero.
    const again = await apply(t, reached, promotionId);
    expect(again).toMatchObject({ code: 200, data: { periodKey: siteMonday(t.clock.now()), progress: 0 } });
    expect(await apply(t, reached, promotionId)).toMatchObject({ code: 409, msg: '本期已申请过该活动' });
  });
});
