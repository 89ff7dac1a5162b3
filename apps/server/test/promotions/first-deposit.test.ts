import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payChannels } from '../../src/modules/payments/tables.js';
import { payments, promotions, rewards } from '@breakshot/contracts';
import {
  apply,
  applicationsOf,
  depositOrder,
  payOrder,
  promotionRewards,
  runPeriodJob,
  savePromotion,
  turnoverOf,
} from '../helpers/promotions.js';
import { DAY, HOUR } from '../helpers/rewards.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { deposit } from '../helpers/vip-rebates.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { newTestPlayer, startWithdrawApp, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * 首存: the first credited deposit of a player who applied before
 * it earns the highest tier it reaches — floor(deposit × rate), at most the tier's maximum and the
 * promotion's cap — once, however the applies and deposits interleave. The figures are this
 * test's own promotion: ¥100+ → 20 % max ¥188, ¥1,000+ → 30 % max ¥888, cap ¥500, turnover ×10.
 *
 * PGlite is one connection, so calls sent "at once" run one after the other there: the races
 * below show only on PostgreSQL (DATABASE_URL), where they must still grant once.
 */

describe('promotions: first deposit', () => {
  let t: TestApp;
  let promotionId: number;
  beforeAll(async () => {
    t = await startWithdrawApp();
    const promotion = await savePromotion(
      t,
      {
        type: 'first_deposit',
        tiers: [
          { minDeposit: 10_000, rateBps: 2_000, maxBonus: 18_800 },
          { minDeposit: 100_000, rateBps: 3_000, maxBonus: 88_800 },
        ],
      },
      { capAmount: 50_000, turnoverMultiple: 10, rewardValidDays: 7 },
    );
    promotionId = promotion.id;
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const applied = async () => {
    const p = await newTestPlayer(t);
    expect(await apply(t, p, promotionId)).toMatchObject({ code: 200, data: { status: 'pending' } });
    return p;
  };
  const bonusesOf = async (p: TestPlayer) => (await promotionRewards(t, p)).map((r) => r.amount);

  it('a deposit after applying earns its tier (floored); the reward waits in 领奖 and its claim adds amount × 10 turnover', async () => {
    const p = await newTestPlayer(t);
    const res = await apply(t, p, promotionId);
    expect(res).toMatchObject({
      code: 200,
      data: {
        promotionId,
        type: 'first_deposit',
        periodKey: 'once',
        status: 'pending',
        reason: null,
        amount: 0,
        progress: 0,
        uses: 0,
      },
    });
    expect(await applicationsOf(t, p, promotionId)).toEqual([res.data]);
    expect(await promotionRewards(t, p)).toEqual([]);

    // 12,347 × 20 % = 2,469.4 → ¥24.69.
    await deposit(t, p, 12_347);
    const [granted] = await applicationsOf(t, p, promotionId);
    expect(granted).toMatchObject({ id: res.data.id, status: 'granted', amount: 2_469, uses: 1, reason: null });

    const [reward] = await promotionRewards(t, p);
    expect(reward).toMatchObject({ source: 'promotion', amount: 2_469, turnoverMultiple: 10, status: 'unclaimed' });
    expect(Date.parse(reward!.expiresAt) - Date.parse(reward!.createdAt)).toBe(7 * DAY);
    const [rewardEn] = await promotionRewards(t, p, 'unclaimed', 'en');
    expect(reward!.title).toMatch(/首存/);
    expect(rewardEn!.title).toMatch(/first deposit/i);

    const before = await turnoverOf(t, p);
    const claimed = await call(t.app, rewards.rewardReceive, { id: reward!.id }, { token: p.token });
    expect(claimed).toMatchObject({ code: 200, data: { amount: 2_469, turnoverAdded: 24_690 } });
    expect((await turnoverOf(t, p)).required).toBe(before.required + 24_690);

    // Only the first deposit counts: a second one, however big, earns nothing more.
    await deposit(t, p, 200_000);
    expect(await promotionRewards(t, p, 'claimed')).toHaveLength(1);
    expect(await promotionRewards(t, p)).toEqual([]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([expect.objectContaining({ amount: 2_469, uses: 1 })]);
  });

  it.each([
    ['the first tier, limited by its maximum', 99_999, 18_800], // 19,999 > ¥188
    ['the lowest amount of the first tier', 10_000, 2_000],
    ['the second tier', 100_000, 30_000],
    ['the second tier, limited by the cap', 200_000, 50_000], // 60,000 > cap ¥500
  ])('%s: a deposit of %i earns %i', async (_, amount, bonus) => {
    const p = await applied();
    await deposit(t, p, amount);
    expect(await bonusesOf(p)).toEqual([bonus]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: bonus, uses: 1 }),
    ]);
  });

  it('a first deposit below the lowest tier rejects the application, saying why in the reader’s language', async () => {
    const p = await applied();
    await deposit(t, p, 9_999);
    expect(await bonusesOf(p)).toEqual([]);
    const [zh] = await applicationsOf(t, p, promotionId);
    const [en] = await applicationsOf(t, p, promotionId, 'en');
    expect(zh).toMatchObject({ status: 'rejected', amount: 0, uses: 0 });
    expect(zh!.reason).toContain('¥100.00');
    expect(en!.reason).toContain('¥100.00');
    expect(en!.reason).not.toBe(zh!.reason);
    // A later deposit is not the first: still nothing.
    await deposit(t, p, 100_000);
    expect(await bonusesOf(p)).toEqual([]);
  });

  it('the tiers judge what the player paid, before a channel’s fee', async () => {
    await t.db.update(payChannels).set({ feeRate: 100 }).where(eq(payChannels.adapter, 'sandbox'));
    try {
      const p = await applied();
      // ¥100 paid, ¥99 credited after the 1 % fee: the ¥100 tier is reached, its 20 % is of ¥100.
      await deposit(t, p, 10_000);
      expect(await bonusesOf(p)).toEqual([2_000]);
    } finally {
      await t.db.update(payChannels).set({ feeRate: 0 }).where(eq(payChannels.adapter, 'sandbox'));
    }
  });

  it('a deposit without applying earns nothing, and once the first deposit is made applying is refused', async () => {
    const p = await newTestPlayer(t);
    await deposit(t, p, 50_000);
    expect(await bonusesOf(p)).toEqual([]);
    const applications = await rowCount(t.db, 'promotion_applications');
    expect(await apply(t, p, promotionId)).toEqual({
      code: 422,
      msg: '您已完成首存，不符合首存优惠条件',
      data: null,
    });
    expect(await apply(t, p, promotionId, {}, 'en')).toMatchObject({
      code: 422,
      msg: 'You have made your first deposit already, so the first-deposit bonus is not open to you',
    });
    expect(await rowCount(t.db, 'promotion_applications')).toBe(applications);
    // The page says so before the player tries.
    const page = await call(t.app, promotions.promotionDetails, { id: promotionId }, { token: p.token });
    expect(page.data).toMatchObject({ canApply: false, refusal: '您已完成首存，不符合首存优惠条件' });
    const listed = await call(t.app, promotions.promotionList, { type: 'first_deposit' }, { token: p.token });
    expect(listed.data.items.find((i) => i.id === promotionId)).toMatchObject({ canApply: false, joined: false });
  });

  it('applying twice is refused 409; five applies at once make one application', async () => {
    const p = await applied();
    expect(await apply(t, p, promotionId)).toEqual({ code: 409, msg: '本期已申请过该活动', data: null });
    expect(await apply(t, p, promotionId, {}, 'en')).toMatchObject({
      code: 409,
      msg: 'You have applied for this promotion in this period already',
    });

    const q = await newTestPlayer(t);
    const before = await rowCount(t.db, 'promotion_applications');
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(t, q, promotionId)));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await rowCount(t.db, 'promotion_applications')).toBe(before + 1);
    // And one bonus for it.
    await deposit(t, q, 10_000);
    expect(await bonusesOf(q)).toEqual([2_000]);
  });

  it('two deposits credited at once: one is the first, and only it earns the bonus', async () => {
    const p = await applied();
    const small = await depositOrder(t, p, 50_000);
    const big = await depositOrder(t, p, 60_000);
    await Promise.all([payOrder(t, small, 50_000), payOrder(t, big, 60_000)]);

    const details = async (orderNo: string) =>
      (await call(t.app, payments.details, { orderNo }, { token: p.token })).data;
    const first = (await details(small)).firstDeposit ? 50_000 : 60_000;
    expect([(await details(small)).firstDeposit, (await details(big)).firstDeposit].sort()).toEqual([false, true]);
    expect(await bonusesOf(p)).toEqual([first / 5]);
    expect(await applicationsOf(t, p, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: first / 5, uses: 1 }),
    ]);
  });

  it('applying while the first deposit is being credited ends granted or refused, never pending for good', async () => {
    for (let i = 0; i < 4; i += 1) {
      const p = await newTestPlayer(t);
      const orderNo = await depositOrder(t, p, 10_000);
      const [answer] = await Promise.all([apply(t, p, promotionId), payOrder(t, orderNo, 10_000)]);
      const mine = await applicationsOf(t, p, promotionId);
      if (answer.code === 200) {
        expect(mine).toEqual([expect.objectContaining({ status: 'granted', amount: 2_000 })]);
        expect(await bonusesOf(p)).toEqual([2_000]);
      } else {
        expect(answer).toMatchObject({ code: 422, msg: '您已完成首存，不符合首存优惠条件' });
        expect(mine).toEqual([]);
        expect(await bonusesOf(p)).toEqual([]);
      }
    }
  });

  it('a promotion that ends with applications still pending: the period job rejects them, once', async () => {
    const ending = await savePromotion(
      t,
      { type: 'first_deposit', tiers: [{ minDeposit: 10_000, rateBps: 1_000, maxBonus: 10_000 }] },
      { endsAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString() },
    );
    const p = await newTestPlayer(t);
    expect((await apply(t, p, ending.id)).code).toBe(200);
    const late = await newTestPlayer(t);

    await runPeriodJob(t);
    expect(await applicationsOf(t, p, ending.id)).toEqual([expect.objectContaining({ status: 'pending' })]);

    t.clock.advance(3 * HOUR);
    expect(await apply(t, late, ending.id)).toEqual({ code: 422, msg: '活动未在进行中', data: null });
    await runPeriodJob(t);
    await runPeriodJob(t);
    const [zh] = await applicationsOf(t, p, ending.id);
    const [en] = await applicationsOf(t, p, ending.id, 'en');
    expect(zh).toMatchObject({ status: 'rejected', amount: 0 });
    expect(zh!.reason).toBeTruthy();
    expect(en!.reason).toBeTruthy();
    expect(en!.reason).not.toBe(zh!.reason);
    // A deposit after the end earns nothing.
    await deposit(t, p, 50_000);
    expect(await promotionRewards(t, p)).toEqual([]);
  });
});
