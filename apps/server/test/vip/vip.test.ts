import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { operatorCalls, playersAdmin, auth, vipAdmin, rewards, vip, withdrawals } from '@breakshot/contracts';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { runJob } from '../../src/platform/scheduler.js';
import { recordVipProgress, vipGiftJobs } from '../../src/modules/vip/service.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, captchaId, PASSWORD, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';
import { DAY, HOUR } from '../helpers/rewards.js';
import { deposit, providerBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * VIP levels. Seeded: VIP1 ¥1,000 valid bet and ¥100 deposits, VIP2
 * ¥10,000 / ¥1,000, VIP3 ¥50,000 / ¥5,000, VIP4 ¥200,000 / ¥20,000; upgrade bonuses ¥8, ¥18,
 * ¥58; VIP3's weekly gift ¥12 and monthly gift ¥38; withdrawals a day 3 at VIP0, 4 at VIP3.
 */

describe('VIP levels', () => {
  let t: TestApp;
  let p: TestProvider;
  /** The player who jumps to VIP3 (the gift tests use them). */
  let vip3: TestPlayer;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const info = async (player: TestPlayer) => {
    const res = await call(t.app, vip.vipInfo, {}, { token: player.token });
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const dailyCount = async (player: TestPlayer) =>
    (await call(t.app, withdrawals.withdrawConfig, {}, { token: player.token })).data.dailyCount;
  /** The player's rewards of a source, whatever their state, oldest first. */
  const granted = (player: TestPlayer, source: string) =>
    queryRows<{ amount: number; title_zh: string; grant_key: string; expires_s: number }>(
      t.db,
      sql`SELECT amount::int AS amount, title_zh, grant_key, extract(epoch FROM expires_at)::float8 AS expires_s FROM rewards
          WHERE user_id = ${player.userId} AND source = ${source} ORDER BY id`,
    );
  const upgradeMessages = async (player: TestPlayer) =>
    (
      await queryRows<{ params: { level: number } }>(
        t.db,
        sql`SELECT params FROM messages WHERE user_id = ${player.userId} AND kind = 'vip_upgrade' ORDER BY id`,
      )
    ).map((m) => m.params.level);

  it('a deposit that jumps three levels grants three upgrade bonuses, each once; a later deposit none', async () => {
    vip3 = await fundedPlayer(t, 6_000_000);
    expect(await dailyCount(vip3)).toBe(3);
    // ¥50,000 of valid bet reaches VIP3's bet threshold, but without deposits the level stays 0.
    await providerBet(t, p, vip3, p.slot, 5_000_000);
    expect((await info(vip3)).current.level).toBe(0);

    await deposit(t, vip3, 500_000);
    const now = await info(vip3);
    expect(now).toMatchObject({
      current: { level: 3, upgradeBonus: 5_800, weeklyGift: 1_200, monthlyGift: 3_800, withdrawalsPerDay: 4 },
      next: { level: 4, minValidBet: 20_000_000, minDeposits: 2_000_000 },
      validBet: 5_000_000,
      // The credited amount counts, not the channel's 1 % bonus.
      deposits: 500_000,
      upgradeBonuses: [
        { level: 1, amount: 800, status: 'granted' },
        { level: 2, amount: 1_800, status: 'granted' },
        { level: 3, amount: 5_800, status: 'granted' },
      ],
    });
    expect((await granted(vip3, 'vip_upgrade')).map((r) => [r.amount, r.title_zh])).toEqual([
      [800, 'VIP1 晋级礼金'],
      [1_800, 'VIP2 晋级礼金'],
      [5_800, 'VIP3 晋级礼金'],
    ]);
    expect(await upgradeMessages(vip3)).toEqual([3]);
    expect(await dailyCount(vip3)).toBe(4);

    await deposit(t, vip3, 10_000);
    expect(await granted(vip3, 'vip_upgrade')).toHaveLength(3);
    expect(await upgradeMessages(vip3)).toEqual([3]);
    expect(await info(vip3)).toMatchObject({ current: { level: 3 }, deposits: 510_000 });

    // A bonus claimed in 领奖 shows as claimed on the VIP page.
    const list = await call(t.app, rewards.rewardList, { status: 'unclaimed', pageSize: 20 }, { token: vip3.token });
    const second = list.data.list.find((r) => r.title === 'VIP2 晋级礼金');
    const received = await call(t.app, rewards.rewardReceive, { id: second?.id }, { token: vip3.token });
    expect(received.code, received.msg).toBe(200);
    expect((await info(vip3)).upgradeBonuses.map((b) => b.status)).toEqual(['granted', 'claimed', 'granted']);
  });

  it('settled bets raise the level too, one level at a time', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    await deposit(t, player, 100_000); // VIP2's deposits; bets decide
    expect((await info(player)).current.level).toBe(0);
    await providerBet(t, p, player, p.poker, 100_000); // ¥1,000: VIP1
    expect((await info(player)).current.level).toBe(1);
    await providerBet(t, p, player, p.poker, 200_000, 250_000); // won, still valid: ¥3,000
    await providerBet(t, p, player, p.slot, 700_000); // ¥10,000: VIP2
    expect(await info(player)).toMatchObject({ current: { level: 2 }, validBet: 1_000_000, deposits: 100_000 });
    expect((await granted(player, 'vip_upgrade')).map((r) => r.amount)).toEqual([800, 1_800]);
    expect(await upgradeMessages(player)).toEqual([1, 2]);
  });

  it('a bet or deposit counts once, whatever calls the hook again', async () => {
    const player = await fundedPlayer(t, 0);
    const record = () =>
      inTransaction(t.db, (tx) =>
        recordVipProgress(tx, t.app.ctx, {
          userId: player.userId,
          validBet: 100_000,
          deposit: 10_000,
          reference: { table: 'test_refs', id: `once-${player.userId}` },
        }),
      );
    await record();
    await record();
    expect(await info(player)).toMatchObject({ current: { level: 1 }, validBet: 100_000, deposits: 10_000 });
  });

  it('lists every level with its privileges and the player’s own', async () => {
    const res = await call(t.app, vip.vipLevels, {}, { token: vip3.token });
    expect(res.data.current).toBe(3);
    expect(res.data.levels).toHaveLength(11);
    expect(res.data.levels[0]).toEqual({
      level: 0,
      minValidBet: 0,
      minDeposits: 0,
      upgradeBonus: 0,
      weeklyGift: 0,
      monthlyGift: 0,
      turnoverMultiple: 1,
      withdrawalsPerDay: 3,
      rebateRates: { taiqiu: 40, slots: 50, poker: 30 },
    });
    expect(res.data.levels[10]).toMatchObject({ level: 10, withdrawalsPerDay: 10, rebateRates: { slots: 150 } });
  });

  it('operator saves: thresholds must lie between the neighbours’ (422, nothing written); a save is audited', async () => {
    const audits = await rowCount(t.db, 'admin_audit');
    const vip2 = {
      level: 2,
      minValidBet: 1_000_000,
      minDeposits: 100_000,
      upgradeBonus: 1_800,
      weeklyGift: 500,
      monthlyGift: 1_200,
      turnoverMultiple: 1,
      withdrawalsPerDay: 4,
    };
    expect(await adminCall(t.app, vipAdmin.vipLevelSave, { ...vip2, minValidBet: 99_999 })).toEqual({
      code: 422,
      msg: 'VIP2 的门槛须介于上下两级之间',
      data: { field: 'minValidBet' },
    });
    const above = await adminCall(t.app, vipAdmin.vipLevelSave, { ...vip2, minDeposits: 500_001 });
    expect(above.code).toBe(422);
    expect(await rowCount(t.db, 'admin_audit')).toBe(audits);

    const vip3Level = {
      level: 3,
      minValidBet: 5_000_000,
      minDeposits: 500_000,
      upgradeBonus: 5_800,
      weeklyGift: 1_200,
      monthlyGift: 3_800,
      turnoverMultiple: 1,
      withdrawalsPerDay: 4,
    };
    const saved = await adminCall(t.app, vipAdmin.vipLevelSave, {
      ...vip3Level,
      upgradeBonus: 6_800,
      withdrawalsPerDay: 7,
    });
    expect(saved).toMatchObject({
      code: 200,
      data: { level: 3, upgradeBonus: 6_800, withdrawalsPerDay: 7, rebateRates: { taiqiu: 70 } },
    });
    expect(await dailyCount(vip3)).toBe(7);
    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, action: 'vip.level.save' });
    expect(audit.data.list[0]).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      target: 'VIP3',
      payload: { level: 3, upgradeBonus: 6_800, withdrawalsPerDay: 7 },
      before: { upgradeBonus: 5_800, withdrawalsPerDay: 4 },
      after: { upgradeBonus: 6_800, withdrawalsPerDay: 7 },
    });
    expect(await adminCall(t.app, vipAdmin.vipLevelSave, vip3Level)).toMatchObject({ code: 200 });
    expect(await dailyCount(vip3)).toBe(4);

    // The top level's seeded thresholds (¥50,000,000 of valid bet) can be saved as they are.
    const top = (await adminCall(t.app, vipAdmin.vipLevelsList, {})).data.levels[10]!;
    const { rebateRates: _rates, ...topInput } = top;
    expect(await adminCall(t.app, vipAdmin.vipLevelSave, topInput)).toMatchObject({ code: 200, data: top });
  });

  /** Moves the clock by whole hours until the site's (Asia/Shanghai) calendar says so. */
  const advanceUntil = (when: (parts: { weekday: string; day: string }) => boolean) => {
    const parts = () => {
      const f = (o: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', ...o }).format(t.clock.now());
      return { weekday: f({ weekday: 'short' }), day: f({ day: 'numeric' }) };
    };
    do t.clock.advance(HOUR);
    while (!when(parts()));
  };
  const monday = ({ weekday }: { weekday: string }) => weekday === 'Mon';
  const first = ({ day }: { day: string }) => day === '1';
  /** One run of the weekly or monthly gift job at the clock's time. */
  const run = async (kind: 'weekly' | 'monthly') => {
    const job = vipGiftJobs(t.app.ctx).find((j) => j.name === `vip-${kind}-gifts`);
    expect(await runJob(t.db, job!, t.clock.now())).toBe(true);
  };
  /** A new session (the clock moves past the first one's ten days). */
  const relogin = async (player: TestPlayer) => {
    const res = await call(t.app, auth.login, {
      username: player.username,
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
    });
    return { ...player, token: res.data.token };
  };

  it('the weekly gift: granted on Mondays once a week, however often the job runs; a week whose Monday had no run is caught up', async () => {
    const vip0 = await fundedPlayer(t, 0);
    // This week's Monday saw no run (the server was down): a later run of the week catches up,
    // once; after a run through every player, the week's later days grant nothing more.
    advanceUntil(({ weekday }) => weekday === 'Sun');
    await run('weekly');
    await run('weekly');
    expect(await granted(vip3, 'vip_weekly')).toHaveLength(1);
    // A player reaching VIP3 after that run waits for next Monday.
    const late = await fundedPlayer(t, 6_000_000);
    await providerBet(t, p, late, p.slot, 5_000_000);
    await deposit(t, late, 500_000);
    expect((await info(late)).current.level).toBe(3);
    await run('weekly');
    expect(await granted(late, 'vip_weekly')).toHaveLength(0);

    advanceUntil(monday);
    vip3 = await relogin(vip3);
    expect((await info(vip3)).weekly).toMatchObject({ status: 'upcoming', amount: 1_200 });
    await run('weekly');
    const weekly = (await granted(vip3, 'vip_weekly')).slice(1);
    expect(weekly.map((r) => [r.amount, r.title_zh])).toEqual([[1_200, 'VIP3 周礼金']]);
    const nextMonday = new Date((await info(vip3)).weekly.nextAt);
    expect(weekly[0]!.expires_s * 1000).toBe(nextMonday.getTime());
    expect((await info(vip3)).weekly.status).toBe('granted');
    expect(await granted(late, 'vip_weekly')).toHaveLength(1);

    await run('weekly');
    t.clock.advance(5 * HOUR);
    await run('weekly');
    advanceUntil(({ weekday }) => weekday === 'Tue');
    await run('weekly');
    expect(await granted(vip3, 'vip_weekly')).toHaveLength(2);
    expect(await granted(vip0, 'vip_weekly')).toHaveLength(0);

    advanceUntil(monday);
    expect(t.clock.now().getTime()).toBeGreaterThanOrEqual(nextMonday.getTime());
    await run('weekly');
    await run('weekly');
    const threeWeeks = await granted(vip3, 'vip_weekly');
    expect(threeWeeks).toHaveLength(3);
    expect(new Set(threeWeeks.map((r) => r.grant_key)).size).toBe(3);
  });

  it('the monthly gift: granted on the 1st once a month, however often the job runs', async () => {
    // This month's 1st saw no run: the 28th catches up, once.
    advanceUntil(({ day }) => day === '28');
    await run('monthly');
    await run('monthly');
    expect(await granted(vip3, 'vip_monthly')).toHaveLength(1);
    advanceUntil(first);
    await run('monthly');
    await run('monthly');
    t.clock.advance(DAY);
    await run('monthly');
    expect((await granted(vip3, 'vip_monthly')).map((r) => [r.amount, r.title_zh])).toEqual([
      [3_800, 'VIP3 月礼金'],
      [3_800, 'VIP3 月礼金'],
    ]);

    advanceUntil(first);
    await run('monthly');
    expect(await granted(vip3, 'vip_monthly')).toHaveLength(3);
    vip3 = await relogin(vip3);
    // Last month's gift, never claimed, expired when the month ended.
    expect((await info(vip3)).monthly).toMatchObject({ status: 'granted', amount: 3_800 });
    const expired = await call(t.app, rewards.rewardList, { status: 'expired', pageSize: 20 }, { token: vip3.token });
    expect(expired.data.list.map((r) => r.title)).toContain('VIP3 月礼金');
  });
});
