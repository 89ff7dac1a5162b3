import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, rewardsAdmin, rewards } from '@breakshot/contracts';
import { countTaskBet } from '../../src/modules/rewards/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { DAY } from '../helpers/rewards.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, adminCall, cashOf, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

const SEEDED = [
  { validBet: 100_000, amount: 800, turnoverMultiple: 1 },
  { validBet: 500_000, amount: 3_800, turnoverMultiple: 1 },
  { validBet: 2_000_000, amount: 12_800, turnoverMultiple: 1 },
  { validBet: 5_000_000, amount: 38_800, turnoverMultiple: 1 },
  { validBet: 10_000_000, amount: 88_800, turnoverMultiple: 1 },
];

describe('rewards in the operator console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const auditOf = async (action: string) =>
    (await adminCall(t.app, playersAdmin.auditList, { action })).data.list.map((a) => ({ ...a }));

  it('grants a reward of source operator that waits in the player’s 领奖 and is audited with its reason', async () => {
    const p = await newTestPlayer(t);
    const grant = (body: object) =>
      adminCall(t.app, rewardsAdmin.rewardGrant, {
        username: p.username,
        amount: 6_600,
        turnoverMultiple: 2,
        validDays: 3,
        reason: '客服补偿',
        requestId,
        ...body,
      });
    const requestId = randomUUID();
    const res = await grant({});
    // A resend (a network retry, a double click) answers with the same reward and grants nothing more.
    expect((await grant({})).data).toEqual(res.data);
    expect(await grant({ amount: 6_700 })).toMatchObject({ code: 409 });
    expect(res).toMatchObject({
      code: 200,
      data: { username: p.username, source: 'operator', amount: 6_600, turnoverMultiple: 2, status: 'unclaimed' },
    });
    expect(res.data.expiresAt).toBe(new Date(t.clock.now().getTime() + 3 * DAY).toISOString());
    expect((await auditOf('rewards.grant')).filter((a) => a.payload.requestId === requestId)).toEqual([
      expect.objectContaining({
        operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
        target: p.username,
        payload: expect.objectContaining({ reason: '客服补偿', amount: 6_600, rewardId: res.data.id }),
      }),
    ]);
    // Nothing paid until the player claims it.
    expect((await cashOf(t, p)).balance).toBe(0);
    const mine = await call(t.app, rewards.rewardList, {}, { token: p.token });
    expect(mine.data.list).toEqual([expect.objectContaining({ id: res.data.id, title: '平台赠送礼金' })]);
    const claimed = await call(t.app, rewards.rewardReceive, { id: res.data.id }, { token: p.token });
    expect(claimed.data).toMatchObject({ amount: 6_600, turnoverAdded: 13_200, balance: 6_600 });

    expect(await grant({ username: 'nobody-here' })).toMatchObject({ code: 404 });
    expect(await grant({ amount: 0 })).toMatchObject({ code: 400, data: { field: 'amount' } });
    expect(await grant({ validDays: 0 })).toMatchObject({ code: 400, data: { field: 'validDays' } });
    // Sent twice at once: one grant, both answered with it.
    const twice = randomUUID();
    const [x, y] = await Promise.all([grant({ requestId: twice }), grant({ requestId: twice })]);
    expect([x.code, y.code]).toEqual([200, 200]);
    expect(x.data.id).toBe(y.data.id);
    expect(await auditOf('rewards.grant')).toHaveLength(2);
  });

  it('lists every player’s rewards with filters, and as CSV', async () => {
    const a = await newTestPlayer(t);
    const b = await newTestPlayer(t);
    for (const p of [a, b]) {
      await adminCall(t.app, rewardsAdmin.rewardGrant, {
        username: p.username,
        amount: 1_000,
        turnoverMultiple: 1,
        validDays: 1,
        reason: 'list',
        requestId: randomUUID(),
      });
    }
    const ofA = await adminCall(t.app, rewardsAdmin.rewardsList, { username: a.username, source: 'operator' });
    expect(ofA.data).toMatchObject({ total: 1, list: [{ username: a.username, amount: 1_000, status: 'unclaimed' }] });
    expect((await adminCall(t.app, rewardsAdmin.rewardsList, { username: 'nobody-here' })).data.total).toBe(0);
    expect((await adminCall(t.app, rewardsAdmin.rewardsList, { source: 'spin' })).data.total).toBe(0);

    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${rewardsAdmin.rewardsList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: { username: b.username },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,source,title,amount,turnoverMultiple,status,createdAt,expiresAt,claimedAt,username');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(b.username);
  });

  it('task tiers: thresholds must rise (422), a save replaces them and is audited, a kept threshold keeps its tier', async () => {
    const list = async () => (await adminCall(t.app, rewardsAdmin.taskTiersList, {})).data.tiers;
    const seeded = await list();
    expect(seeded.map(({ validBet, amount, turnoverMultiple }) => ({ validBet, amount, turnoverMultiple }))).toEqual(
      SEEDED,
    );

    const save = (tiers: object[]) => adminCall(t.app, rewardsAdmin.taskTiersSave, { tiers });
    const [first, second] = [SEEDED[0]!, SEEDED[1]!];
    expect(await save([second, first])).toMatchObject({ code: 422, msg: '各档投注额须逐档递增' });
    expect(await save([first, first])).toMatchObject({ code: 422 });
    expect(await save([])).toMatchObject({ code: 400 });
    expect(await save([{ ...first, amount: 0 }])).toMatchObject({ code: 400 });
    expect(await list()).toEqual(seeded);

    // A player reaches ¥1,000 today, then the operator changes that tier's reward and adds one.
    const p = await newTestPlayer(t);
    const count = (validBet: number, id: string) =>
      inTransaction(t.db, (tx) =>
        countTaskBet(tx, t.app.ctx, {
          userId: p.userId,
          validBet,
          settledAt: t.clock.now(),
          reference: { table: 'test_bets', id },
        }),
      );
    await count(150_000, `${p.userId}-1`);
    const saved = await save([
      { validBet: 100_000, amount: 1_000, turnoverMultiple: 2 },
      { validBet: 200_000, amount: 2_000, turnoverMultiple: 1 },
    ]);
    expect(saved.code).toBe(200);
    expect(saved.data.tiers).toEqual([
      { id: seeded[0]!.id, validBet: 100_000, amount: 1_000, turnoverMultiple: 2, enabled: true },
      expect.objectContaining({ validBet: 200_000, amount: 2_000, enabled: true }),
    ]);
    expect(await list()).toEqual(saved.data.tiers);
    const [audit] = await auditOf('rewards.taskTiers.save');
    expect(audit).toMatchObject({
      operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
      before: { tiers: seeded },
      after: { tiers: saved.data.tiers },
    });

    // The tier already granted today is not granted again; the new one is, once reached.
    await count(100_000, `${p.userId}-2`);
    const task = (await call(t.app, rewards.everydayGameReward, {}, { token: p.token })).data;
    expect(task.tiers.map((x) => [x.validBet, x.status])).toEqual([
      [100_000, 'granted'],
      [200_000, 'granted'],
    ]);
    const waiting = (await call(t.app, rewards.rewardList, {}, { token: p.token })).data.list;
    expect(waiting.map((r) => r.amount)).toEqual([2_000, 800]);
    await save(SEEDED);
  });
});
