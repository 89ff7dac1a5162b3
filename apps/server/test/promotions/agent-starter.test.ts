import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import {
  apply,
  applicationsOf,
  depositOrder,
  payOrder,
  promotionRewards,
  runPeriodJob,
  savePromotion,
  toNextSiteMonth,
} from '../helpers/promotions.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';
import { deposit } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { newTestPlayer, startWithdrawApp, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * 单代: in a month the player applied, each direct member they invited
 * whose first deposit reaches minFirstDeposit earns them bonusPerMember, at most the cap a month.
 * This test's promotion: first deposit ¥100+ → ¥18 a member, ¥36 a month.
 *
 * PGlite is one connection: deposits credited "at once" run one after the other there; the race
 * shows only on PostgreSQL (DATABASE_URL), where the cap must still hold.
 */

describe('promotions: agent starter', () => {
  let t: TestApp;
  let promotionId: number;
  beforeAll(async () => {
    t = await startWithdrawApp();
    const promotion = await savePromotion(
      t,
      { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 1_800 },
      { capAmount: 3_600 },
    );
    promotionId = promotion.id;
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  /** A player registered with the inviter's code: their direct member. */
  const memberOf = async (inviter: TestPlayer): Promise<TestPlayer> => {
    const { inviteCode } = (await call(t.app, auth.userInfo, {}, { token: inviter.token })).data;
    const username = uniqueName('m');
    const token = await registerUser(t.app, username, { inviteCode });
    const info = await call(t.app, auth.userInfo, {}, { token });
    return { token, userId: info.data.id, username };
  };
  const bonusesOf = async (p: TestPlayer) => (await promotionRewards(t, p)).map((r) => r.amount);
  const monthKey = () => new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

  it('each direct member’s first deposit of ¥100+ earns the agent ¥18, up to the month’s cap', async () => {
    const agent = await newTestPlayer(t);
    const before = await memberOf(agent);
    await deposit(t, before, 10_000); // before the agent applied: nothing

    const res = await apply(t, agent, promotionId);
    expect(res).toMatchObject({
      code: 200,
      data: { type: 'agent_starter', periodKey: monthKey(), status: 'pending', amount: 0, uses: 0 },
    });
    const [m1, m2, m3, m4] = [
      await memberOf(agent),
      await memberOf(agent),
      await memberOf(agent),
      await memberOf(agent),
    ];
    const grandchild = await memberOf(m1!);

    await deposit(t, m1!, 10_000);
    expect(await bonusesOf(agent)).toEqual([1_800]);
    expect(await applicationsOf(t, agent, promotionId)).toEqual([
      expect.objectContaining({ status: 'granted', amount: 1_800, uses: 1 }),
    ]);
    await deposit(t, m1!, 50_000); // not a first deposit
    await deposit(t, m2!, 9_999); // below ¥100
    await deposit(t, m2!, 50_000); // not a first deposit
    await deposit(t, grandchild, 50_000); // not a direct member of the agent
    expect(await bonusesOf(agent)).toEqual([1_800]);

    await deposit(t, m3!, 20_000);
    await deposit(t, m4!, 20_000); // the month's ¥36 is reached
    expect(await bonusesOf(agent)).toEqual([1_800, 1_800]);
    expect(await applicationsOf(t, agent, promotionId)).toEqual([
      expect.objectContaining({ id: res.data.id, status: 'granted', amount: 3_600, uses: 2 }),
    ]);
    // The members themselves did not apply: nothing for them.
    expect(await bonusesOf(m1!)).toEqual([]);
  });

  it('a player without an application earns nothing from members', async () => {
    const agent = await newTestPlayer(t);
    await deposit(t, await memberOf(agent), 50_000);
    expect(await bonusesOf(agent)).toEqual([]);
  });

  it('two members’ first deposits credited at once keep the month within the cap', async () => {
    const tight = await savePromotion(
      t,
      { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 1_800 },
      {
        capAmount: 1_800,
      },
    );
    const agent = await newTestPlayer(t);
    expect((await apply(t, agent, tight.id)).code).toBe(200);
    const [a, b] = [await memberOf(agent), await memberOf(agent)];
    const orders = [await depositOrder(t, a, 10_000), await depositOrder(t, b, 10_000)];
    await Promise.all([payOrder(t, orders[0]!, 10_000), payOrder(t, orders[1]!, 10_000)]);
    expect(await bonusesOf(agent)).toEqual([1_800]);
    expect(await applicationsOf(t, agent, tight.id)).toEqual([expect.objectContaining({ amount: 1_800, uses: 1 })]);
  });

  it('a month that ended without a member is rejected by the period job; the next month is a new period', async () => {
    const agent = await newTestPlayer(t);
    const applied = await apply(t, agent, promotionId);
    expect(applied.code).toBe(200);
    expect(await apply(t, agent, promotionId)).toMatchObject({ code: 409, msg: '本期已申请过该活动' });

    await runPeriodJob(t);
    expect(await applicationsOf(t, agent, promotionId)).toEqual([expect.objectContaining({ status: 'pending' })]);

    toNextSiteMonth(t);
    // The session may have ended with the month: sign in again.
    const login = await call(t.app, auth.login, {
      username: agent.username,
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
    });
    const again = { ...agent, token: login.data.token };
    await runPeriodJob(t);
    await runPeriodJob(t);
    const [zh] = await applicationsOf(t, again, promotionId);
    const [en] = await applicationsOf(t, again, promotionId, 'en');
    expect(zh).toMatchObject({ id: applied.data.id, status: 'rejected', amount: 0 });
    expect(zh!.reason).toBeTruthy();
    expect(en!.reason).toBeTruthy();
    expect(en!.reason).not.toBe(zh!.reason);

    const next = await apply(t, again, promotionId);
    expect(next).toMatchObject({ code: 200, data: { periodKey: monthKey(), status: 'pending' } });
    expect(next.data.periodKey).not.toBe(applied.data.periodKey);
    await deposit(t, await memberOf(again), 10_000);
    expect(await bonusesOf(again)).toEqual([1_800]);
  });
});
