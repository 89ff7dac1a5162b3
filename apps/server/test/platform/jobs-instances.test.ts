import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vipAdmin } from '@breakshot/contracts';
import { periodicJobs } from '../../src/jobs.js';
import { commissionLinesOf, dividendOf } from '../../src/modules/agents/settlement/estimate.js';
import { depositOrders } from '../../src/modules/payments/tables.js';
import { promotionApplications } from '../../src/modules/promotions/tables.js';
import { promotionsOnBetSettled } from '../../src/modules/promotions/service.js';
import { rewards } from '../../src/modules/rewards/tables.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { addDays } from '../../src/platform/time-range.js';
import { newTree, rollUpOn, settledCounts, siteDays, type Tree } from '../helpers/agent-settlement.js';
import { instanceDatabaseUrl, spawnInstances } from '../helpers/instances.js';
import { jobTicks, type JobRuns } from '../helpers/job-ticks.js';
import { channelOf, startPay } from '../helpers/payments.js';
import { apply, savePromotion, toSiteWeekday } from '../helpers/promotions.js';
import { DAY, grantTestReward, HOUR } from '../helpers/rewards.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * The periodic jobs run on every instance, yet each period is settled
 * once. A fresh database gets work due for every job (deposit orders and rewards past their
 * time, this week's and month's VIP gifts, a promotion week that ended, an agent commission day
 * and dividend week); then three instances run the whole job list at the same moment, several
 * ticks each, as their schedulers would. On PostgreSQL the instances are three processes with
 * their own pools; on PGlite (one connection, in this process) concurrent calls of this process.
 * A second database shows the jobs' unique keys hold on their own: the same runs without the
 * advisory lock end the same.
 */

/** Runs of every job per instance: the first does the work, the next find nothing left. */
const TICKS = 3;
/** The work is made on a Wednesday 10:00 and due at the next Monday 12:00 (site time, no DST). */
const DUE_AFTER = 5 * DAY + 2 * HOUR;
const WEEKLY_GIFT = 500;
const MONTHLY_GIFT = 900;
const PROMOTION_BONUS = 1_000;

async function startDueApp(): Promise<TestApp> {
  const t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  toSiteWeekday(t, 'Wed', 10);
  return t;
}

interface DueWork {
  tree: Tree;
  orders: string[];
  rewardIds: { lapsing: number; valid: number };
  promotionId: number;
  /** Each agent's pay (top, agent, sub): the estimates of the commission day and dividend week. */
  pay: number[];
  day: string;
  week: string;
}

/** Work due for every job once the clock has moved DUE_AFTER on (it leaves it there). */
async function makeDueWork(t: TestApp): Promise<DueWork> {
  const tree = await newTree(t);
  const { m1, m2, m3 } = tree;
  const orders: string[] = [];
  for (const p of [m1, m1, m2]) {
    const channel = await channelOf(t.app, p.token, 'sandbox');
    orders.push((await startPay(t.app, p.token, channel.id, 10_000)).orderNo);
  }
  const rewardIds = {
    lapsing: await grantTestReward(t, m3.userId, { expiresAt: new Date(t.clock.now().getTime() + HOUR) }),
    valid: await grantTestReward(t, m3.userId, { expiresAt: new Date(t.clock.now().getTime() + 30 * DAY) }),
  };
  // Every active player is at VIP0: each is due VIP0's weekly and monthly gift.
  const vip0 = (await adminCall(t.app, vipAdmin.vipLevelsList, {})).data.levels[0]!;
  const { rebateRates: _rates, ...level } = vip0;
  const saved = await adminCall(t.app, vipAdmin.vipLevelSave, {
    ...level,
    weeklyGift: WEEKLY_GIFT,
    monthlyGift: MONTHLY_GIFT,
  });
  expect(saved.code, saved.msg).toBe(200);
  // This week's slots turnover: m1 reaches the tier, m2 falls short.
  const promotion = await savePromotion(t, {
    type: 'slots_turnover',
    tiers: [{ validBet: 100_000, bonus: PROMOTION_BONUS }],
  });
  for (const [p, validBet] of [
    [m1, 150_000],
    [m2, 50_000],
  ] as const) {
    expect((await apply(t, p, promotion.id)).code).toBe(200);
    const bet = { userId: p.userId, betNo: `S${p.userId}`, gameType: 'slots' as const, stake: validBet, validBet };
    await inTransaction(t.db, (tx) => promotionsOnBetSettled(tx, t.app.ctx, { ...bet, settledAt: t.clock.now() }));
  }

  t.clock.advance(DUE_AFTER);
  // Yesterday (Sunday) is the commission day due, its week the dividend week due.
  const days = await siteDays(t);
  const day = addDays(days.today, -1);
  const week = days.monday(1);
  for (const [who, validBet] of [
    [tree.m1, 400_000],
    [tree.m2, 250_000],
    [tree.m3, 100_000],
    [tree.m4, 90_000],
  ] as const) {
    await rollUpOn(t, who, days.noonOf(day), 'taiqiu', { betCount: 1, stake: validBet, validBet });
  }
  const pay = await Promise.all(
    [tree.top, tree.agent, tree.sub].map(async (a) => {
      const lines = await commissionLinesOf(t.db, a.userId, day);
      return lines.reduce((sum, l) => sum + l.amount, 0) + (await dividendOf(t.db, a.userId, week)).amount;
    }),
  );
  expect(pay.every((p) => p > 0)).toBe(true);
  return { tree, orders, rewardIds, promotionId: promotion.id, pay, day, week };
}

/** Every period settled exactly once: each item of work done, none twice, the ledger balanced. */
async function expectEachPeriodOnce(t: TestApp, w: DueWork): Promise<void> {
  const orders = await t.db
    .select({ status: depositOrders.status })
    .from(depositOrders)
    .where(inArray(depositOrders.orderNo, w.orders));
  expect(orders.map((o) => o.status)).toEqual(['EXPIRED', 'EXPIRED', 'EXPIRED']);
  const testRewards = await t.db
    .select({ id: rewards.id, status: rewards.status })
    .from(rewards)
    .where(inArray(rewards.id, [w.rewardIds.lapsing, w.rewardIds.valid]))
    .orderBy(rewards.id);
  expect(testRewards.map((r) => r.status)).toEqual(['expired', 'unclaimed']);

  // Each active player: one weekly and one monthly gift, however many instances and runs.
  const gifts = await queryRows<{ id: number; gifts: string }>(
    t.db,
    sql`SELECT u.id::int AS id, coalesce(string_agg(r.source || ' ' || r.amount, ', ' ORDER BY r.source), '') AS gifts
        FROM users u LEFT JOIN rewards r ON r.user_id = u.id AND r.source IN ('vip_weekly', 'vip_monthly')
        WHERE u.status = 'active' GROUP BY u.id`,
  );
  expect(gifts.length).toBeGreaterThanOrEqual(7);
  expect(gifts.filter((g) => g.gifts !== `vip_monthly ${MONTHLY_GIFT}, vip_weekly ${WEEKLY_GIFT}`)).toEqual([]);
  // One message per reward: nobody is told of a gift twice.
  const [told] = await queryRows<{ rewards: number; messages: number }>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM rewards) AS rewards,
               (SELECT count(*)::int FROM messages WHERE kind = 'reward_available') AS messages`,
  );
  expect(told!.messages).toBe(told!.rewards);

  // The promotion week: m1 granted its tier once, m2 rejected.
  const applications = await t.db
    .select({
      userId: promotionApplications.userId,
      status: promotionApplications.status,
      amount: promotionApplications.amount,
      uses: promotionApplications.uses,
    })
    .from(promotionApplications)
    .where(eq(promotionApplications.promotionId, w.promotionId))
    .orderBy(promotionApplications.userId);
  expect(applications).toEqual([
    { userId: w.tree.m1.userId, status: 'granted', amount: PROMOTION_BONUS, uses: 1 },
    { userId: w.tree.m2.userId, status: 'rejected', amount: 0, uses: 0 },
  ]);
  const bonuses = await t.db
    .select({ userId: rewards.userId, amount: rewards.amount })
    .from(rewards)
    .where(and(eq(rewards.source, 'promotion'), inArray(rewards.userId, [w.tree.m1.userId, w.tree.m2.userId])));
  expect(bonuses).toEqual([{ userId: w.tree.m1.userId, amount: PROMOTION_BONUS }]);

  // The agents: one statement and one transfer each per period, paid what the estimate said.
  expect(await settledCounts(t.db, 'commission', w.day)).toEqual({ statements: 3, transfers: 3, markers: 1 });
  expect(await settledCounts(t.db, 'dividend', w.week)).toEqual({ statements: 3, transfers: 3, markers: 1 });
  const balances = await Promise.all(
    [w.tree.top, w.tree.agent, w.tree.sub].map(async (a) => (await getCashBalance(t.db, a.userId)).balance),
  );
  expect(balances).toEqual(w.pay);
  await expectLedgerOk(t.db);
}

/** Every job of the list ran to its end at least once over the instances. */
function expectEveryJobRan(t: TestApp, runs: Record<string, JobRuns>[]): void {
  for (const { name } of periodicJobs(t.app.ctx))
    expect(
      runs.reduce((n, r) => n + (r[name]?.ran ?? 0), 0),
      name,
    ).toBeGreaterThan(0);
}

describe('periodic jobs on three instances at once', () => {
  let locked: TestApp;
  let unlocked: TestApp;
  let dueAt: Date;
  let instances: ReturnType<typeof spawnInstances> | undefined;
  beforeAll(async () => {
    [locked, unlocked] = await Promise.all([startDueApp(), startDueApp()]);
    dueAt = new Date(locked.clock.now().getTime() + DUE_AFTER);
    const url = await instanceDatabaseUrl(locked.db);
    if (url) instances = spawnInstances(url, ['jobs', String(TICKS), dueAt.toISOString()]);
  });
  afterAll(async () => {
    instances?.kill();
    await Promise.all([locked?.close(), unlocked?.close()]);
  });

  // The processes' start (overlapping the setup) may take most of a loaded machine's 20 s.
  it(
    'every instance runs every job, several ticks at once: each period is settled once',
    { timeout: 60_000 },
    async () => {
      const work = await makeDueWork(locked);
      expect(locked.clock.now()).toEqual(dueAt);
      const runs = instances
        ? ((await instances.go()) as Record<string, JobRuns>[])
        : await Promise.all(
            [0, 1, 2].map(() => jobTicks(locked.db, periodicJobs(locked.app.ctx), locked.clock.now(), TICKS)),
          );
      expect(runs.flatMap((r) => Object.values(r).flatMap((j) => j.failed))).toEqual([]);
      expectEveryJobRan(locked, runs);
      await expectEachPeriodOnce(locked, work);
    },
  );

  it(
    'without the advisory lock, concurrent runs of the jobs end the same: their keys hold',
    { timeout: 60_000 },
    async () => {
      const work = await makeDueWork(unlocked);
      const jobs = periodicJobs(unlocked.app.ctx);
      const runs = await Promise.all(
        [0, 1, 2].map(() => jobTicks(unlocked.db, jobs, unlocked.clock.now(), TICKS, { lock: false })),
      );
      // A losing run may wait on a key and then find nothing to do, or roll back: the end state is what counts.
      expectEveryJobRan(unlocked, runs);
      await expectEachPeriodOnce(unlocked, work);
    },
  );
});
