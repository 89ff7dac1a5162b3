import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardsAdmin, rewards } from '@breakshot/contracts';
import { countTaskBet } from '../../src/modules/rewards/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { DAY, settledBet, siteDate, toSiteTime } from '../helpers/rewards.js';
import { startTaiqiuApp } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, fund, newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/** The seeded tiers: today's valid bet → reward. */
const TIERS = [
  [100_000, 800],
  [500_000, 3_800],
  [2_000_000, 12_800],
  [5_000_000, 38_800],
  [10_000_000, 88_800],
];

describe('daily betting task (每日任务)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  let refs = 0;
  /** A settled bet's valid bet, as the bets module reports it; `ref` repeats a reference. */
  const count = (p: TestPlayer, validBet: number, ref = `bet-${(refs += 1)}`) =>
    inTransaction(t.db, (tx) =>
      countTaskBet(tx, t.app.ctx, {
        userId: p.userId,
        validBet,
        settledAt: t.clock.now(),
        reference: { table: 'test_bets', id: ref },
      }),
    );
  const today = (p: TestPlayer) => call(t.app, rewards.everydayGameReward, {}, { token: p.token });
  const waiting = (p: TestPlayer, lang?: string) =>
    call(t.app, rewards.rewardList, { status: 'unclaimed' }, { token: p.token, ...(lang ? { lang } : {}) });

  it('shows the enabled tiers, today and when it ends', async () => {
    const p = await newTestPlayer(t);
    toSiteTime(t, 10);
    const date = siteDate(t.clock.now());
    const res = await today(p);
    expect(res.data).toMatchObject({ date, validBet: 0, endsAt: new Date(`${date}T16:00:00Z`).toISOString() });
    expect(res.data.tiers.map((x) => [x.validBet, x.amount, x.status])).toEqual(TIERS.map((x) => [...x, 'locked']));
  });

  it('grants each tier once as settled bets cross it; a repeated bet reference counts nothing', async () => {
    const p = await newTestPlayer(t);
    toSiteTime(t, 10);
    const date = siteDate(t.clock.now());
    await count(p, 60_000, 'same');
    await count(p, 60_000, 'same');
    expect((await today(p)).data.validBet).toBe(60_000);
    expect((await waiting(p)).data.total).toBe(0);

    await count(p, 50_000);
    await count(p, 10_000);
    await count(p, 480_000);
    let task = (await today(p)).data;
    expect(task.validBet).toBe(600_000);
    expect(task.tiers.map((x) => x.status)).toEqual(['granted', 'granted', 'locked', 'locked', 'locked']);

    const list = (await waiting(p)).data;
    expect(list).toMatchObject({ total: 2, unclaimedTotal: 800 + 3_800 });
    expect(list.list.map((r) => [r.source, r.title, r.amount])).toEqual([
      ['task', '每日投注任务 ¥5,000 档', 3_800],
      ['task', '每日投注任务 ¥1,000 档', 800],
    ]);
    expect((await waiting(p, 'en')).data.list[1]!.title).toBe('Daily betting task, ¥1,000 tier');
    // Waiting until the end of the next day (site time).
    const dayAfterNext = siteDate(new Date(t.clock.now().getTime() + 2 * DAY));
    expect(list.list[0]!.expiresAt).toBe(new Date(`${dayAfterNext}T00:00:00+08:00`).toISOString());

    const first = task.tiers[0]!.rewardId!;
    expect((await call(t.app, rewards.rewardReceive, { id: first }, { token: p.token })).code).toBe(200);
    task = (await today(p)).data;
    expect(task.tiers.slice(0, 2).map((x) => x.status)).toEqual(['claimed', 'granted']);

    // The next day starts again from 0; the same tiers are granted anew.
    t.clock.advance(DAY);
    expect((await today(p)).data).toMatchObject({ validBet: 0, date: siteDate(t.clock.now()) });
    await count(p, 100_000);
    expect((await waiting(p)).data.total).toBe(2);

    const records = await call(t.app, rewards.gameRewardRecord, {}, { token: p.token });
    expect(records.data.totalAmount).toBe(800 + 800 + 3_800);
    expect(records.data.list.map((r) => [r.date, r.validBet, r.amount, r.status])).toEqual([
      [siteDate(t.clock.now()), 100_000, 800, 'unclaimed'],
      [date, 500_000, 3_800, 'unclaimed'],
      [date, 100_000, 800, 'claimed'],
    ]);

    // Past the end of the day after: yesterday's unclaimed tier has expired.
    t.clock.advance(DAY);
    expect((await call(t.app, rewards.gameRewardRecord, {}, { token: p.token })).data.list[1]!.status).toBe('expired');
  });

  it('counts real settled bets towards the task', async () => {
    const p = await newTestPlayer(t);
    await fund(t, p.username, 200_000);
    toSiteTime(t, 10);
    await settledBet(t, p, 60_000);
    expect((await today(p)).data.validBet).toBe(60_000);
    await settledBet(t, p, 60_000, 'a');
    const task = (await today(p)).data;
    expect(task.validBet).toBe(120_000);
    expect(task.tiers[0]!.status).toBe('granted');
  });

  it('a tier the operator adds below today’s total is granted with the next settled bet', async () => {
    const p = await newTestPlayer(t);
    toSiteTime(t, 10);
    await count(p, 300_000);
    const tiers = (extra: number[][]) =>
      [...TIERS, ...extra]
        .sort((a, b) => a[0]! - b[0]!)
        .map(([validBet, amount]) => ({ validBet: validBet!, amount: amount!, turnoverMultiple: 1 }));
    expect((await adminCall(t.app, rewardsAdmin.taskTiersSave, { tiers: tiers([[200_000, 1_800]]) })).code).toBe(200);
    try {
      await count(p, 1);
      const task = (await today(p)).data;
      expect(task.tiers.map((x) => [x.validBet, x.status]).slice(0, 3)).toEqual([
        [100_000, 'granted'],
        [200_000, 'granted'],
        [500_000, 'locked'],
      ]);
    } finally {
      await adminCall(t.app, rewardsAdmin.taskTiersSave, { tiers: tiers([]) });
    }
  });
});
