import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, agentSettlementsAdmin } from '@breakshot/contracts';
import { settlementJob } from '../../src/modules/agents/settlement/job.js';
import { runJob } from '../../src/platform/scheduler.js';
import { addDays, localDate, mondayOf } from '../../src/platform/time-range.js';
import { newTree, rollUpOn, settledCounts, siteDays, statementOf } from '../helpers/agent-settlement.js';
import { newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* The operator's settlement calls (contracts agent-settlements-admin.ts): platform table, run, statements. */
describe('operator console: agent settlement', () => {
  let t: TestApp;
  const ops = {} as Record<'admin' | 'finance' | 'risk', LoggedInOperator>;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    for (const role of ['admin', 'finance', 'risk'] as const) {
      ops[role] = await newOperator(t, `settle-${role}`, role);
    }
  });
  afterAll(() => t?.close());

  const as = <C extends operatorCalls.AdminCall>(c: C, body: object, op: LoggedInOperator) =>
    opCall(t.app, c, body, { session: op.session });

  it('replaces the platform table (admin only, audited); a repeated threshold of a game is refused', async () => {
    const tiers = [
      { gameType: 'slots', minValidBet: 500_000, rateBp: 100 },
      { gameType: 'taiqiu', minValidBet: 1_000_000, rateBp: 180 },
      { gameType: 'taiqiu', minValidBet: 0, rateBp: 120 },
    ];
    const save = (body: object, op = ops.admin) =>
      as(agentSettlementsAdmin.platformTiersSave, { reason: '调整平台分佣', ...body }, op);
    expect((await save({ tiers }, ops.finance)).code).toBe(403);
    const saved = await save({ tiers });
    // In the games' order, thresholds ascending.
    expect(saved).toMatchObject({ code: 200, data: { tiers: [tiers[2], tiers[1], tiers[0]] } });
    expect((await as(agentSettlementsAdmin.platformTiersGet, {}, ops.risk)).data.tiers).toEqual(saved.data.tiers);

    const twice = await save({ tiers: [...tiers, { gameType: 'taiqiu', minValidBet: 0, rateBp: 90 }] });
    expect(twice).toMatchObject({ code: 422, data: { field: 'tiers.3.minValidBet' } });
    expect(twice.msg).toContain('有重复的档位门槛');
    expect((await as(agentSettlementsAdmin.platformTiersGet, {}, ops.risk)).data.tiers).toHaveLength(3);

    const audit = await adminCall(t.app, playersAdmin.auditList, {
      page: 1,
      pageSize: 10,
      target: 'platform_commission_tiers',
    });
    expect(audit.data.list).toHaveLength(1);
    expect(audit.data.list[0]).toMatchObject({
      operator: 'settle-admin',
      action: 'agents.platformTiers.save',
      before: { tiers: [] },
      payload: { reason: '调整平台分佣' },
    });
  });

  it('runs a period once (audited), refuses an open period and a dividend week not on a Monday, lists statements', async () => {
    const tree = await newTree(t);
    const days = await siteDays(t);
    const day = days.monday(1);
    await rollUpOn(t, tree.m4, days.noonOf(day), 'taiqiu', { betCount: 1, stake: 100_000, validBet: 100_000 });
    const run = (body: object, op = ops.finance) => as(agentSettlementsAdmin.settlementRun, body, op);

    expect((await run({ kind: 'commission', period: days.today })).code).toBe(422);
    expect(await run({ kind: 'dividend', period: addDays(day, 1) })).toMatchObject({
      code: 400,
      msg: '分红周期须从周一开始',
      data: { field: 'period' },
    });
    expect((await run({ kind: 'commission', period: day }, ops.risk)).code).toBe(403);
    // The team's valid bet of the day is ¥1,000: taiqiu tier 1.20 % below the top's own 2.00 %.
    expect((await run({ kind: 'commission', period: day })).data).toEqual({
      kind: 'commission',
      period: day,
      statements: 1,
      paid: 1_200,
      alreadySettled: false,
    });
    expect((await run({ kind: 'commission', period: day })).data).toMatchObject({
      statements: 0,
      paid: 0,
      alreadySettled: true,
    });
    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action: 'agents.settle' });
    expect(audit.data.list.map((e) => e.after)).toEqual([
      { statements: 0, paid: 0 },
      { statements: 1, paid: 1_200 },
    ]);

    const list = (body: object) => as(agentSettlementsAdmin.statementsList, body, ops.risk);
    const mine = await list({ username: tree.top.username, kind: 'commission', period: day });
    expect(mine.data).toMatchObject({ total: 1, totalAmount: 1_200 });
    expect(mine.data.list[0]).toMatchObject({
      agentId: tree.top.userId,
      agentUsername: tree.top.username,
      kind: 'commission',
      period: day,
      base: 100_000,
      amount: 1_200,
      status: 'paid',
    });
    expect((await list({ kind: 'dividend', username: tree.top.username })).data).toMatchObject({ total: 0 });
    expect((await list({ username: 'nobody000000' })).data).toMatchObject({ total: 0, totalAmount: 0 });

    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${agentSettlementsAdmin.statementsList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.OPERATOR_SESSION_HEADER]: ops.finance.session },
      payload: { username: tree.top.username },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,agentId,agentUsername,kind,period,base,carryIn,carryOut,amount,status,createdAt');
    expect(lines).toHaveLength(2);
  });

  it('a day a result correction took valid bet back from charges the commission paid, carried into the next day', async () => {
    const tree = await newTree(t);
    const days = await siteDays(t);
    // Tuesday to Thursday of two weeks ago: days no other test here settles.
    const [paid, corrected, next] = [1, 2, 3].map((n) => addDays(days.monday(2), n)) as [string, string, string];
    const run = (period: string) =>
      as(agentSettlementsAdmin.settlementRun, { kind: 'commission', period }, ops.finance);
    const topOn = async (day: string) => {
      const s = await statementOf(t.db, tree.top, 'commission', day);
      return s && { carryIn: s.carryIn, carryOut: s.carryOut, amount: s.amount, lines: s.lines.map((l) => l.amount) };
    };

    // m4 (a direct member of the top) bets ¥1,000: the top is paid 1.20 %.
    await rollUpOn(t, tree.m4, days.noonOf(paid), 'taiqiu', { betCount: 1, stake: 100_000, validBet: 100_000 });
    expect((await run(paid)).code).toBe(200);
    expect(await topOn(paid)).toEqual({ carryIn: 0, carryOut: 0, amount: 1_200, lines: [1_200] });
    // The next day a correction voids that bet (bets.resettled rolls up −¥1,000): nothing paid, −12 carried.
    await rollUpOn(t, tree.m4, days.noonOf(corrected), 'taiqiu', { betCount: -1, stake: -100_000, validBet: -100_000 });
    expect((await run(corrected)).code).toBe(200);
    expect(await topOn(corrected)).toEqual({ carryIn: 0, carryOut: -1_200, amount: 0, lines: [-1_200] });
    // The day after, ¥2,000 of bets: 24 earned, 12 of it repays the carry.
    await rollUpOn(t, tree.m4, days.noonOf(next), 'taiqiu', { betCount: 1, stake: 200_000, validBet: 200_000 });
    expect((await run(next)).code).toBe(200);
    expect(await topOn(next)).toEqual({ carryIn: -1_200, carryOut: 0, amount: 1_200, lines: [2_400] });
    await expectLedgerOk(t.db);
  });

  it('the scheduler job settles yesterday and last week, each once', async () => {
    // Two weeks on: periods no other test of this file wrote figures in.
    t.clock.advance(14 * 86_400_000);
    const tree = await newTree(t);
    const days = await siteDays(t);
    const today = localDate(new Date(t.clock.now().getTime() - 5 * 60_000), days.timeZone);
    const yesterday = addDays(today, -1);
    const lastWeek = addDays(mondayOf(today), -7);
    await rollUpOn(t, tree.m4, days.noonOf(yesterday), 'taiqiu', { betCount: 1, stake: 100_000, validBet: 100_000 });
    const job = settlementJob(t.app.ctx);

    expect(await runJob(t.db, job, t.clock.now())).toBe(true);
    // Commission: 1.20 % of 100,000; dividend (when yesterday was last week's Sunday): 40 % of the net loss 100,000.
    const dividend = yesterday >= lastWeek && yesterday < addDays(lastWeek, 7) ? 40_000 : 0;
    // The operator token: the console sessions of this file have expired two weeks on.
    const settled = async () =>
      (await adminCall(t.app, agentSettlementsAdmin.statementsList, { username: tree.top.username })).data;
    expect(await settled()).toMatchObject({ total: dividend ? 2 : 1, totalAmount: 1_200 + dividend });
    expect(await settledCounts(t.db, 'commission', yesterday)).toMatchObject({ markers: 1 });
    expect(await settledCounts(t.db, 'dividend', lastWeek)).toMatchObject({ markers: 1 });

    expect(await runJob(t.db, job, t.clock.now())).toBe(true);
    expect(await settled()).toMatchObject({ total: dividend ? 2 : 1, totalAmount: 1_200 + dividend });
    await expectLedgerOk(t.db);
  });

  it('settles dividend weeks in order; the job catches up the days and weeks missed while no server ran', async () => {
    const days = await siteDays(t);
    // The week the job of the test before settled last.
    const lastWeekBefore = addDays(
      mondayOf(localDate(new Date(t.clock.now().getTime() - 5 * 60_000), days.timeZone)),
      -7,
    );
    // Three weeks on with no job running.
    t.clock.advance(21 * 86_400_000);
    const today = localDate(new Date(t.clock.now().getTime() - 5 * 60_000), days.timeZone);
    const lastWeek = addDays(mondayOf(today), -7);
    // The operator token: the console sessions have expired weeks on.
    const run = (body: object) => adminCall(t.app, agentSettlementsAdmin.settlementRun, body);
    const refused = await run({ kind: 'dividend', period: lastWeek });
    expect(refused).toMatchObject({ code: 422, data: { field: 'period' } });
    expect(refused.msg).toMatch(/^请先结算 \d{4}-\d{2}-\d{2} 起的分红周期$/);
    expect(await settledCounts(t.db, 'dividend', lastWeek)).toMatchObject({ markers: 0 });

    expect(await runJob(t.db, settlementJob(t.app.ctx), t.clock.now())).toBe(true);
    // Every week up to last week and every day up to yesterday since the last ones settled.
    for (let week = addDays(lastWeekBefore, 7); week <= lastWeek; week = addDays(week, 7)) {
      expect(await settledCounts(t.db, 'dividend', week), week).toMatchObject({ markers: 1 });
    }
    for (let day = addDays(today, -20); day < today; day = addDays(day, 1)) {
      expect(await settledCounts(t.db, 'commission', day), day).toMatchObject({ markers: 1 });
    }
    expect(await settledCounts(t.db, 'commission', today)).toMatchObject({ markers: 0 });
  });
});
