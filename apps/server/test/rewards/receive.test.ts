import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardsAdmin, rewards, wallet, withdrawals } from '@breakshot/contracts';
import { rewardExpiryJob } from '../../src/modules/rewards/service.js';
import { runJob } from '../../src/platform/scheduler.js';
import { DAY, grantTestReward, HOUR, settledBet } from '../helpers/rewards.js';
import { startTaiqiuApp } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import {
  adminCall,
  bindUsdt,
  cashOf,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  type TestPlayer,
} from '../helpers/withdrawals.js';

describe('rewards: list and receive (领奖)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const receive = (p: TestPlayer, id: number) => call(t.app, rewards.rewardReceive, { id }, { token: p.token });
  /** 一键领取 of the rewards the player's confirm showed. */
  const receiveAll = (p: TestPlayer, ids: number[]) => call(t.app, rewards.rewardReceive, { ids }, { token: p.token });
  const list = (p: TestPlayer, status: 'unclaimed' | 'claimed' | 'expired', lang?: string) =>
    call(t.app, rewards.rewardList, { status }, { token: p.token, ...(lang ? { lang } : {}) });

  it('claiming credits the balance with a bonus entry and adds turnover that blocks a withdrawal until bets settle', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 20_000);
    const id = await grantTestReward(t, p.userId, { amount: 5_000, turnoverMultiple: 3 });

    const waiting = await list(p, 'unclaimed', 'en');
    expect(waiting.data).toMatchObject({ total: 1, unclaimedCount: 1, unclaimedTotal: 5_000 });
    expect(waiting.data.list[0]).toMatchObject({ id, title: 'Test bonus', status: 'unclaimed', claimedAt: null });
    expect((await list(p, 'unclaimed')).data.list[0]!.title).toBe('测试礼金');
    // Granted, not paid: the balance waits for the claim.
    expect((await cashOf(t, p)).balance).toBe(20_000);

    const claimed = await receive(p, id);
    expect(claimed).toMatchObject({
      code: 200,
      data: { count: 1, amount: 5_000, turnoverAdded: 15_000, balance: 25_000 },
    });
    const entries = await call(t.app, wallet.balanceDetails, { type: 'bonus' }, { token: p.token });
    expect(entries.data.list).toEqual([
      expect.objectContaining({
        type: 'bonus',
        amount: 5_000,
        reference: expect.objectContaining({ table: 'rewards', id: String(id) }),
      }),
    ]);
    expect((await list(p, 'claimed')).data).toMatchObject({ total: 1, unclaimedCount: 0, unclaimedTotal: 0 });

    const withdraw = () =>
      call(
        t.app,
        withdrawals.addWithdraw,
        { accountId, amount: 10_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      );
    expect(await withdraw()).toMatchObject({ code: 422, msg: '还需完成流水 ¥150.00 才能提款' });
    await settledBet(t, p, 10_000);
    expect(await withdraw()).toMatchObject({ code: 422, msg: '还需完成流水 ¥50.00 才能提款' });
    await settledBet(t, p, 5_000);
    expect((await withdraw()).code).toBe(200);
  });

  it('an expired reward cannot be claimed, before and after the expiry job', async () => {
    const p = await newTestPlayer(t);
    const id = await grantTestReward(t, p.userId, { expiresAt: new Date(t.clock.now().getTime() + HOUR) });
    t.clock.advance(HOUR);
    expect(await receive(p, id)).toMatchObject({ code: 409, msg: '该奖励已过期' });
    expect(await receiveAll(p, [id])).toMatchObject({ code: 409, msg: '暂无可领取的奖励' });
    expect((await list(p, 'expired')).data.list).toEqual([expect.objectContaining({ id, status: 'expired' })]);
    expect((await list(p, 'unclaimed')).data).toMatchObject({ total: 0, unclaimedCount: 0 });

    const markedExpired = async () =>
      (await adminCall(t.app, rewardsAdmin.rewardsList, { username: p.username, status: 'expired' })).data.total;
    expect(await markedExpired()).toBe(0);
    expect(await runJob(t.db, rewardExpiryJob, t.clock.now())).toBe(true);
    expect(await markedExpired()).toBe(1);
    expect(await receive(p, id)).toMatchObject({ code: 409, msg: '该奖励已过期' });
    expect((await list(p, 'expired')).data.list).toEqual([expect.objectContaining({ id, status: 'expired' })]);
    expect((await cashOf(t, p)).balance).toBe(0);
  });

  it('the expiry job leaves rewards still valid and claimed ones alone', async () => {
    const p = await newTestPlayer(t);
    const later = await grantTestReward(t, p.userId, { expiresAt: new Date(t.clock.now().getTime() + 2 * DAY) });
    const claimed = await grantTestReward(t, p.userId, { expiresAt: new Date(t.clock.now().getTime() + HOUR) });
    expect((await receive(p, claimed)).code).toBe(200);
    t.clock.advance(DAY);
    await runJob(t.db, rewardExpiryJob, t.clock.now());
    expect((await list(p, 'claimed')).data.list.map((r) => r.id)).toEqual([claimed]);
    expect((await receive(p, later)).code).toBe(200);
  });

  it('claims once: a second receive and two receives at once pay one reward once', async () => {
    const p = await newTestPlayer(t);
    const id = await grantTestReward(t, p.userId, { amount: 2_500 });
    const answers = await Promise.all([receive(p, id), receive(p, id)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.code === 409)!.msg).toBe('该奖励已领取');
    expect(await receive(p, id)).toMatchObject({ code: 409, msg: '该奖励已领取' });
    expect((await cashOf(t, p)).balance).toBe(2_500);
  });

  it('"all" claims the waiting rewards it names in one go (not one granted since); two at once pay each once', async () => {
    const p = await newTestPlayer(t);
    const a = await grantTestReward(t, p.userId, { amount: 100 });
    const b = await grantTestReward(t, p.userId, { amount: 200, turnoverMultiple: 0 });
    const expired = await grantTestReward(t, p.userId, {
      amount: 400,
      expiresAt: new Date(t.clock.now().getTime() + 1),
    });
    t.clock.advance(1);
    // Granted after the player's confirm listed a, b and the one that expired meanwhile.
    const unseen = await grantTestReward(t, p.userId, { amount: 800, turnoverMultiple: 5 });
    const answers = await Promise.all([receiveAll(p, [a, b, expired]), receiveAll(p, [a, b, expired])]);
    expect(answers.map((x) => x.code).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.code === 200)!.data).toMatchObject({ count: 2, amount: 300, turnoverAdded: 100 });
    expect(answers.find((x) => x.code === 409)!.msg).toBe('暂无可领取的奖励');
    expect((await cashOf(t, p)).balance).toBe(300);
    expect(await receive(p, expired)).toMatchObject({ code: 409, msg: '该奖励已过期' });
    expect((await list(p, 'unclaimed')).data.list.map((r) => r.id)).toEqual([unseen]);
    // Naming no reward is a bad request.
    const none = await call(t.app, rewards.rewardReceive, {}, { token: p.token });
    expect(none).toMatchObject({ code: 400, data: { field: 'ids' } });
    // A bad item is named by its list.
    const bad = await call(t.app, rewards.rewardReceive, { ids: [a, 'x'] } as never, { token: p.token });
    expect(bad).toMatchObject({ code: 400, msg: '编号: 格式不正确', data: { field: 'ids.1' } });
  });

  it("another player's reward, or one that does not exist, is not found", async () => {
    const owner = await newTestPlayer(t);
    const other = await newTestPlayer(t);
    const id = await grantTestReward(t, owner.userId);
    expect(await receive(other, id)).toMatchObject({ code: 404, msg: '奖励不存在' });
    expect(await receive(other, id + 1_000_000)).toMatchObject({ code: 404 });
    // Named among ids, alone or with the caller's own, the whole claim is refused.
    const own = await grantTestReward(t, other.userId, { amount: 100 });
    expect(await receiveAll(other, [id])).toMatchObject({ code: 404, msg: '奖励不存在' });
    expect(await receiveAll(other, [own, id])).toMatchObject({ code: 404 });
    expect((await list(other, 'unclaimed')).data.total).toBe(1);
    expect((await receiveAll(other, [own])).code).toBe(200);
    expect((await list(other, 'unclaimed')).data.total).toBe(0);
    expect((await cashOf(t, other)).balance).toBe(100);
    expect((await receive(owner, id)).code).toBe(200);
  });
});
