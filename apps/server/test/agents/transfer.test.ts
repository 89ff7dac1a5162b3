import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, wallet, withdrawals } from '@breakshot/contracts';
import {
  balanceOf,
  newPayingAgent,
  newPlayerUnder,
  RECHARGE_PASSWORD,
  setAgentPassword,
  transferCall,
  type TestAgent,
} from '../helpers/agent-money.js';
import { getWssToken, listenLocal, openLive, waitForSockets } from '../helpers/live-client.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { queryRows } from '../../src/platform/db.js';
import { transferToMember } from '../../src/modules/agents/transfer.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * The agent transfer (代充, /user/daili/chongzhi). Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the concurrent transfers race on many connections.
 */
describe(`agent transfer (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    base = await listenLocal(t.app);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const turnoverOf = async (p: TestAgent) =>
    (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.turnover;
  const transfersOf = async (a: TestAgent) => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM agent_transfers WHERE agent_id = ${a.userId}`,
    );
    return row?.n ?? 0;
  };

  it('moves money to a member through the ledger, adds turnover, shows in both fund details and both live balances', async () => {
    const a = await newPayingAgent(t, 100_000);
    const m = await newPlayerUnder(t, a.inviteCode);
    const agentLive = await openLive(base, await getWssToken(t.app, a.token));
    const memberLive = await openLive(base, await getWssToken(t.app, m.token));
    await waitForSockets(t.app, a.userId, 1);
    await waitForSockets(t.app, m.userId, 1);

    const res = await transferCall(t, a, {
      memberId: m.userId,
      amount: 30_000,
      turnoverMultiple: 3,
      remark: '活动奖励',
    });
    expect(res).toMatchObject({
      code: 200,
      data: { memberId: m.userId, memberUsername: m.username, amount: 30_000, balance: 70_000 },
    });
    expect(JSON.parse(await agentLive.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 70_000 });
    expect(JSON.parse(await memberLive.next())).toEqual({ type: 'BALANCE_UPDATED', balance: 30_000 });
    agentLive.socket.close();
    memberLive.socket.close();

    expect(await balanceOf(t, a)).toBe(70_000);
    expect(await balanceOf(t, m)).toBe(30_000);
    expect(await turnoverOf(m)).toEqual({ required: 90_000, done: 0, left: 90_000 });
    expect(await turnoverOf(a)).toEqual({ required: 0, done: 0, left: 0 });
    const agentEntry = (await call(t.app, wallet.balanceDetails, {}, { token: a.token })).data.list[0];
    const memberEntry = (await call(t.app, wallet.balanceDetails, {}, { token: m.token })).data.list[0];
    const reference = { table: 'agent_transfers', id: String(res.data.id) };
    expect(agentEntry).toMatchObject({ type: 'agent_transfer', amount: -30_000, balanceAfter: 70_000, reference });
    expect(memberEntry).toMatchObject({ type: 'agent_transfer', amount: 30_000, balanceAfter: 30_000, reference });
    expect(memberEntry?.memo).toBe('活动奖励');

    // Multiple 0: no turnover.
    const plain = await transferCall(t, a, { memberId: m.userId, amount: 1_000, turnoverMultiple: 0 });
    expect(plain.code).toBe(200);
    expect(await turnoverOf(m)).toMatchObject({ required: 90_000 });
  });

  it('a repeat of the request id answers the first transfer and moves nothing; another body with it is 409', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await newPlayerUnder(t, a.inviteCode);
    const requestId = randomUUID();
    const body = { memberId: m.userId, amount: 10_000, turnoverMultiple: 1, requestId };
    const first = await transferCall(t, a, body);
    const again = await transferCall(t, a, body);
    expect(first.code).toBe(200);
    expect(again).toEqual(first);
    expect(await balanceOf(t, a)).toBe(40_000);
    expect(await balanceOf(t, m)).toBe(10_000);
    expect(await turnoverOf(m)).toMatchObject({ required: 10_000 });

    const other = await transferCall(t, a, { ...body, amount: 20_000 }, 'en');
    expect(other).toMatchObject({ code: 409, msg: 'This request id was used for another transfer', data: null });
    expect(await transfersOf(a)).toBe(1);
    expect(await balanceOf(t, a)).toBe(40_000);
  });

  it('refuses another team, a deeper member is fine, a disabled member or a short balance moves nothing', async () => {
    const a = await newPayingAgent(t, 50_000);
    const sub = await newPlayerUnder(t, a.inviteCode);
    const deep = await newPlayerUnder(t, sub.inviteCode);
    const stranger = await newPlayerUnder(t);
    const otherAgent = await newPayingAgent(t, 0);
    const theirs = await newPlayerUnder(t, otherAgent.inviteCode);

    for (const memberId of [stranger.userId, theirs.userId, otherAgent.userId, a.userId]) {
      const res = await transferCall(t, a, { memberId, amount: 1_000 });
      expect(res).toMatchObject({ code: 404, msg: '该成员不在您的团队中', data: null });
    }
    // Even with a wrong password: the team check comes first and counts nothing.
    const wrongOutside = await transferCall(t, a, {
      memberId: theirs.userId,
      amount: 1_000,
      rechargePassword: '000000',
    });
    expect(wrongOutside.code).toBe(404);

    expect((await transferCall(t, a, { memberId: deep.userId, amount: 5_000 })).code).toBe(200);
    expect(await balanceOf(t, deep)).toBe(5_000);

    const short = await transferCall(t, a, { memberId: sub.userId, amount: 45_001 });
    expect(short).toMatchObject({ code: 422, msg: '余额不足' });

    const disabled = await adminCall(t.app, playersAdmin.playerSetStatus, {
      username: sub.username,
      status: 'disabled',
      reason: 'test',
    });
    expect(disabled.code).toBe(200);
    const toDisabled = await transferCall(t, a, { memberId: sub.userId, amount: 1_000 });
    expect(toDisabled).toMatchObject({ code: 422, msg: '该成员账号已停用，不能转账' });

    expect(await transfersOf(a)).toBe(1);
    expect(await balanceOf(t, a)).toBe(45_000);
    for (const p of [stranger, theirs, otherAgent]) expect(await balanceOf(t, p)).toBe(0);
  });

  it('five wrong recharge passwords lock transfers (429 even with the right one) and nothing moves', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await newPlayerUnder(t, a.inviteCode);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '000000' })).code);
    }
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const right = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: RECHARGE_PASSWORD });
    expect(right).toMatchObject({ code: 429, data: { retryAfter: 900 } });
    expect(await transfersOf(a)).toBe(0);
    expect(await balanceOf(t, a)).toBe(50_000);
    expect(await balanceOf(t, m)).toBe(0);
  });

  it('a changed recharge password: the old one, right a moment ago, is refused and moves nothing; the new one moves', async () => {
    const a = await newPayingAgent(t, 50_000);
    const m = await newPlayerUnder(t, a.inviteCode);
    expect((await transferCall(t, a, { memberId: m.userId, amount: 1_000 })).code).toBe(200);
    await setAgentPassword(t, a, 'recharge', '864200', RECHARGE_PASSWORD);
    const old = await transferCall(t, a, { memberId: m.userId, amount: 1_000 }, 'en');
    expect(old).toMatchObject({ code: 400, msg: 'Wrong recharge password, 4 attempts left' });
    expect(await balanceOf(t, m)).toBe(1_000);
    const renewed = await transferCall(t, a, { memberId: m.userId, amount: 1_000, rechargePassword: '864200' });
    expect(renewed.code).toBe(200);
    expect(await balanceOf(t, m)).toBe(2_000);
  });

  it('money with turnover still to bet stays with the agent until the turnover is met', async () => {
    const a = await newPayingAgent(t, 0);
    const m = await newPlayerUnder(t, a.inviteCode);
    const bonus = await adminCall(t.app, playersAdmin.balanceAdjust, {
      username: a.username,
      amount: 20_000,
      reason: 'bonus with turnover',
      requestId: randomUUID(),
      turnoverMultiple: 2,
    });
    expect(bonus.code).toBe(200);
    const res = await transferCall(t, a, { memberId: m.userId, amount: 20_000, turnoverMultiple: 0 }, 'en');
    expect(res).toMatchObject({ code: 422, msg: 'Bet another ¥400.00 of turnover before transferring to members' });
    expect(await transfersOf(a)).toBe(0);
    expect(await balanceOf(t, a)).toBe(20_000);
    expect(await balanceOf(t, m)).toBe(0);
  });

  it('an agent without a recharge password is told to set one', async () => {
    const a = await newPlayerUnder(t);
    const m = await newPlayerUnder(t, a.inviteCode);
    const res = await transferCall(t, a, { memberId: m.userId, amount: 1_000 }, 'en');
    expect(res).toMatchObject({ code: 422, msg: 'Please set a recharge password first' });
  });

  it('transfers made together share a batch; a wrong password among them is refused, its failure kept, the rest move', async () => {
    const agents = [];
    for (let i = 0; i < 6; i += 1) agents.push(await newPayingAgent(t, 10_000));
    const members = await Promise.all(agents.map((a) => newPlayerUnder(t, a.inviteCode)));
    const wrong = 4;
    // Called directly, so that all six reach the batcher at once: two start alone, four wait and go together.
    const results = await Promise.allSettled(
      agents.map((a, i) =>
        transferToMember(
          t.app.ctx,
          a.userId,
          {
            memberId: members[i]!.userId,
            amount: 1_000,
            turnoverMultiple: 1,
            remark: '',
            rechargePassword: i === wrong ? '000000' : RECHARGE_PASSWORD,
            requestId: randomUUID(),
          },
          'zh-CN',
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(agents.map((_, i) => (i === wrong ? 'rejected' : 'fulfilled')));
    const refused = results[wrong] as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ messageKey: 'agentPasswordWrong', params: { left: 4 } });
    for (const [i, a] of agents.entries()) {
      expect(await balanceOf(t, a)).toBe(i === wrong ? 10_000 : 9_000);
      expect(await balanceOf(t, members[i]!)).toBe(i === wrong ? 0 : 1_000);
    }
    await expectLedgerOk(t.db);
  });

  it('30 concurrent transfers with balance for exactly 10 move exactly 10', async () => {
    const amount = 7_000;
    const a = await newPayingAgent(t, 10 * amount);
    const members = [await newPlayerUnder(t, a.inviteCode), await newPlayerUnder(t, a.inviteCode)];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => transferCall(t, a, { memberId: members[i % 2]!.userId, amount })),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(20);
    for (const r of results.filter((x) => x.code === 422)) expect(r.msg).toBe('余额不足');
    expect(await balanceOf(t, a)).toBe(0);
    const received = (await balanceOf(t, members[0]!)) + (await balanceOf(t, members[1]!));
    expect(received).toBe(10 * amount);
    expect(await transfersOf(a)).toBe(10);
    // The balances each answer reported went down one transfer at a time.
    const reported = results.flatMap((r) => (r.code === 200 ? [r.data.balance] : [])).sort((x, y) => y - x);
    expect(reported).toEqual(Array.from({ length: 10 }, (_, i) => (9 - i) * amount));
    await expectLedgerOk(t.db);
  });
});
