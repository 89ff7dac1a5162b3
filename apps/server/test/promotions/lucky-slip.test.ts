import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '@breakshot/contracts';
import { apply, applicationsOf, openBet, promotionRewards, savePromotion } from '../helpers/promotions.js';
import { DAY, HOUR, siteDate, toSiteTime } from '../helpers/rewards.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * 注单: a settled bet of at least minStake whose number ends in one of
 * the promotion's endings (the longest that matches) is a lucky slip; the player claims it
 * within claimDays, one a day, and the bonus is granted at once. Bet numbers are random, so each
 * test places its bets first (still open), then saves a promotion whose endings are those bets'
 * last digits, then settles them.
 *
 * PGlite is one connection: claims sent "at once" run one after the other there; the race shows
 * only on PostgreSQL (DATABASE_URL), where one slip must still be paid once.
 */

describe('promotions: lucky slip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    toSiteTime(t, 10);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const slips = async (p: TestPlayer, id: number) => {
    const res = await call(t.app, promotions.promotionZhudanList, { id }, { token: p.token });
    expect(res.code).toBe(200);
    return res.data;
  };
  const bonusesOf = async (p: TestPlayer) => (await promotionRewards(t, p)).map((r) => r.amount);

  /** An open bet whose number ends in none of the endings. */
  const plainBet = async (p: TestPlayer, stake: number, endings: string[]) => {
    for (;;) {
      const bet = await openBet(t, p, stake);
      if (!endings.some((e) => bet.betNo.endsWith(e))) return bet;
      await bet.settle();
    }
  };

  it('a slip earns the longest ending it matches; the claim grants it at once; one slip a day, each once', async () => {
    const p = await fundedPlayer(t, 100_000);
    const a = await openBet(t, p, 2_000);
    const b = await openBet(t, p, 5_000);
    const small = await openBet(t, p, 1_999);
    const endings = [a.betNo.slice(-3), a.betNo.slice(-5), b.betNo.slice(-4), small.betNo.slice(-4)];
    const none = await plainBet(p, 3_000, endings);
    const promotion = await savePromotion(
      t,
      {
        type: 'lucky_slip',
        minStake: 2_000,
        claimDays: 3,
        tiers: [
          { ending: endings[0]!, bonus: 1_600 },
          { ending: endings[1]!, bonus: 8_800 },
          { ending: endings[2]!, bonus: 6_600 },
          { ending: endings[3]!, bonus: 500 },
        ],
      },
      { turnoverMultiple: 2 },
    );
    for (const bet of [a, b, small, none]) await bet.settle();

    const settledAt = t.clock.now().toISOString();
    const claimableUntil = new Date(t.clock.now().getTime() + 3 * DAY).toISOString();
    const listed = await slips(p, promotion.id);
    expect(listed).toMatchObject({ total: 2 });
    expect(listed.list).toEqual(
      expect.arrayContaining([
        {
          betNo: a.betNo,
          gameType: 'taiqiu',
          stake: 2_000,
          settledAt,
          ending: endings[1],
          bonus: 8_800,
          status: 'claimable',
          claimableUntil,
        },
        expect.objectContaining({ betNo: b.betNo, stake: 5_000, ending: endings[2], bonus: 6_600 }),
      ]),
    );

    const applications = await rowCount(t.db, 'promotion_applications');
    expect(await apply(t, p, promotion.id)).toEqual({ code: 422, msg: '请选择要领取的注单', data: null });
    for (const bet of [none, small]) {
      expect(await apply(t, p, promotion.id, { betNo: bet.betNo })).toEqual({
        code: 422,
        msg: '该注单不符合活动条件',
        data: null,
      });
    }
    expect(await apply(t, p, promotion.id, { betNo: '1234567890' }, 'en')).toMatchObject({
      code: 422,
      msg: 'This bet slip does not qualify',
    });
    expect(await rowCount(t.db, 'promotion_applications')).toBe(applications);

    const claimed = await apply(t, p, promotion.id, { betNo: a.betNo });
    expect(claimed).toMatchObject({
      code: 200,
      data: { type: 'lucky_slip', periodKey: siteDate(t.clock.now()), status: 'granted', amount: 8_800, uses: 1 },
    });
    expect(await promotionRewards(t, p)).toEqual([
      expect.objectContaining({ source: 'promotion', amount: 8_800, turnoverMultiple: 2 }),
    ]);
    expect((await slips(p, promotion.id)).list.find((s) => s.betNo === a.betNo)?.status).toBe('claimed');

    // One slip a day.
    expect(await apply(t, p, promotion.id, { betNo: b.betNo })).toMatchObject({
      code: 409,
      msg: '本期已申请过该活动',
    });
    toSiteTime(t, 10);
    expect(await apply(t, p, promotion.id, { betNo: a.betNo })).toEqual({
      code: 422,
      msg: '该注单已领取',
      data: null,
    });
    expect(await apply(t, p, promotion.id, { betNo: b.betNo })).toMatchObject({
      code: 200,
      data: { status: 'granted', amount: 6_600 },
    });
    expect(await bonusesOf(p)).toEqual([6_600, 8_800]);
    expect((await applicationsOf(t, p, promotion.id)).map((x) => x.amount)).toEqual([6_600, 8_800]);
  });

  it("another player's slip does not qualify for me: 422, nothing granted, and the owner still claims it", async () => {
    const owner = await fundedPlayer(t, 10_000);
    const thief = await fundedPlayer(t, 10_000);
    const bet = await openBet(t, owner, 1_000);
    const promotion = await savePromotion(t, {
      type: 'lucky_slip',
      minStake: 1_000,
      claimDays: 3,
      tiers: [{ ending: bet.betNo.slice(-4), bonus: 3_300 }],
    });
    await bet.settle();

    expect(await apply(t, thief, promotion.id, { betNo: bet.betNo })).toEqual({
      code: 422,
      msg: '该注单不符合活动条件',
      data: null,
    });
    expect((await slips(thief, promotion.id)).total).toBe(0);
    expect(await applicationsOf(t, thief, promotion.id)).toEqual([]);
    expect(await bonusesOf(thief)).toEqual([]);
    expect((await apply(t, owner, promotion.id, { betNo: bet.betNo })).code).toBe(200);
    expect(await bonusesOf(owner)).toEqual([3_300]);
  });

  it('a slip not claimed within claimDays expires', async () => {
    const p = await fundedPlayer(t, 10_000);
    const bet = await openBet(t, p, 1_000);
    const promotion = await savePromotion(t, {
      type: 'lucky_slip',
      minStake: 1_000,
      claimDays: 1,
      tiers: [{ ending: bet.betNo.slice(-4), bonus: 1_000 }],
    });
    await bet.settle();
    t.clock.advance(DAY - 1_000);
    expect((await slips(p, promotion.id)).list[0]?.status).toBe('claimable');
    t.clock.advance(1_000);
    expect((await slips(p, promotion.id)).list[0]?.status).toBe('expired');
    expect(await apply(t, p, promotion.id, { betNo: bet.betNo })).toEqual({
      code: 422,
      msg: '该注单已超过领取期限',
      data: null,
    });
    expect(await bonusesOf(p)).toEqual([]);
  });

  it('once the promotion ends, its unclaimed slips show expired and cannot be claimed', async () => {
    const p = await fundedPlayer(t, 10_000);
    const bet = await openBet(t, p, 1_000);
    const promotion = await savePromotion(
      t,
      { type: 'lucky_slip', minStake: 1_000, claimDays: 3, tiers: [{ ending: bet.betNo.slice(-4), bonus: 1_000 }] },
      { endsAt: new Date(t.clock.now().getTime() + HOUR).toISOString() },
    );
    await bet.settle();
    expect((await slips(p, promotion.id)).list[0]?.status).toBe('claimable');
    t.clock.advance(HOUR);
    expect((await slips(p, promotion.id)).list[0]?.status).toBe('expired');
    expect(await apply(t, p, promotion.id, { betNo: bet.betNo })).toMatchObject({ code: 422, msg: '活动未在进行中' });
    expect(await bonusesOf(p)).toEqual([]);
  });

  it('a bet settled while the promotion is not running is no slip', async () => {
    const p = await fundedPlayer(t, 10_000);
    const bet = await openBet(t, p, 1_000);
    const promotion = await savePromotion(
      t,
      { type: 'lucky_slip', minStake: 1_000, claimDays: 3, tiers: [{ ending: bet.betNo.slice(-4), bonus: 1_000 }] },
      { startsAt: new Date(t.clock.now().getTime() + DAY).toISOString() },
    );
    await bet.settle();
    t.clock.advance(DAY);
    expect((await slips(p, promotion.id)).total).toBe(0);
    expect(await apply(t, p, promotion.id, { betNo: bet.betNo })).toMatchObject({
      code: 422,
      msg: '该注单不符合活动条件',
    });
  });

  it('claims at once: the same slip twice, or two slips of one day, grant once', async () => {
    const p = await fundedPlayer(t, 10_000);
    const a = await openBet(t, p, 1_000);
    const b = await openBet(t, p, 1_000);
    const promotion = await savePromotion(t, {
      type: 'lucky_slip',
      minStake: 1_000,
      claimDays: 3,
      tiers: [
        { ending: a.betNo.slice(-4), bonus: 1_000 },
        { ending: b.betNo.slice(-5), bonus: 2_000 },
      ],
    });
    await a.settle();
    await b.settle();
    const same = await Promise.all([
      apply(t, p, promotion.id, { betNo: a.betNo }),
      apply(t, p, promotion.id, { betNo: a.betNo }),
      apply(t, p, promotion.id, { betNo: b.betNo }),
    ]);
    // The one that wins takes the day; the others are refused (the day's claim was made, or the slip was claimed).
    expect(same.filter((r) => r.code === 200)).toHaveLength(1);
    for (const r of same.filter((x) => x.code !== 200)) expect([409, 422]).toContain(r.code);
    expect(await bonusesOf(p)).toHaveLength(1);
    expect(await applicationsOf(t, p, promotion.id)).toEqual([expect.objectContaining({ uses: 1 })]);
  });
});
