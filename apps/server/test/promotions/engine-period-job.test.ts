import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionPeriodJob, promotionsOnBetSettled } from '../../src/modules/promotions/service.js';
import { promotionApplications } from '../../src/modules/promotions/tables.js';
import { rewards } from '../../src/modules/rewards/tables.js';
import { inTransaction } from '../../src/platform/db.js';
import { runJob } from '../../src/platform/scheduler.js';
import { apply, savePromotion } from '../helpers/promotions.js';
import { DAY, HOUR } from '../helpers/rewards.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The period job over every kind it decides at once: a slots week graded (a tier reached, or not),
 * a reload day and an agent-starter month that lapsed, a first-deposit promotion that ended; run
 * again (or by a second instance at the same time) it decides nothing more.
 */

describe('promotions engine: the period job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => t?.close());

  const statusOf = async (promotionId: number, p: TestPlayer) =>
    (
      await t.db
        .select({ status: promotionApplications.status, amount: promotionApplications.amount })
        .from(promotionApplications)
        .where(and(eq(promotionApplications.promotionId, promotionId), eq(promotionApplications.userId, p.userId)))
    )[0];
  const bonusesOf = (p: TestPlayer) =>
    t.db.select({ amount: rewards.amount }).from(rewards).where(eq(rewards.userId, p.userId));

  it('decides each ended period once, however often and on however many instances it runs', async () => {
    const now = t.clock.now().getTime();
    const slots = await savePromotion(
      t,
      {
        type: 'slots_turnover',
        tiers: [
          { validBet: 1_000, bonus: 100 },
          { validBet: 5_000, bonus: 900 },
        ],
      },
      { capAmount: 600 },
    );
    const reload = await savePromotion(t, {
      type: 'reload',
      tiers: [{ minDeposit: 1_000, rateBps: 500, maxBonus: 500 }],
    });
    const agent = await savePromotion(t, { type: 'agent_starter', minFirstDeposit: 1_000, bonusPerMember: 100 });
    const first = await savePromotion(
      t,
      { type: 'first_deposit', tiers: [{ minDeposit: 1_000, rateBps: 500, maxBonus: 500 }] },
      { endsAt: new Date(now + 2 * HOUR).toISOString() },
    );
    const high = await newTestPlayer(t, { fundPassword: false });
    const low = await newTestPlayer(t, { fundPassword: false });
    for (const p of [high, low]) expect((await apply(t, p, slots.id)).code).toBe(200);
    for (const id of [reload.id, agent.id, first.id]) expect((await apply(t, low, id)).code).toBe(200);
    await inTransaction(t.db, (tx) =>
      promotionsOnBetSettled(tx, t.app.ctx, {
        userId: high.userId,
        betNo: '2611250000770001',
        gameType: 'slots',
        stake: 6_000,
        validBet: 6_000,
        settledAt: t.clock.now(),
      }),
    );

    const job = promotionPeriodJob(t.app.ctx);
    // Nothing has ended yet.
    expect(await runJob(t.db, job, t.clock.now())).toBe(true);
    expect(await statusOf(slots.id, high)).toEqual({ status: 'pending', amount: 0 });

    // A month and a week later every period above has ended.
    t.clock.advance(32 * DAY);
    const runs = await Promise.all([runJob(t.db, job, t.clock.now()), runJob(t.db, job, t.clock.now())]);
    expect(runs).toContain(true);
    await runJob(t.db, job, t.clock.now());

    // The higher tier (¥9) within the ¥6 cap, once.
    expect(await statusOf(slots.id, high)).toEqual({ status: 'granted', amount: 600 });
    expect(await bonusesOf(high)).toEqual([{ amount: 600 }]);
    for (const id of [slots.id, reload.id, agent.id, first.id]) {
      expect(await statusOf(id, low)).toEqual({ status: 'rejected', amount: 0 });
    }
    expect(await bonusesOf(low)).toEqual([]);
  });
});
