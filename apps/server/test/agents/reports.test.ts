import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, agentReports } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { addDays, localDate, localDayStart, mondayOf } from '../../src/platform/time-range.js';
import { agentSettlements, agentStatementLines, agentStatements } from '../../src/modules/agents/report-tables.js';
import { rollUp, type RollupDelta } from '../../src/modules/agents/rollups.js';
import type { RollupGameType } from '../../src/modules/agents/report-tables.js';
import { newPlayerUnder, SECURITY_PASSWORD, type TestAgent } from '../helpers/agent-money.js';
import { as, newLink, newTopAgent } from '../helpers/agent-team.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * The agent reports (agent/report, agent/report/day, platformRates, dividendRatio) on a small
 * team whose roll-ups are written day by day: A (top agent: taiqiu 200, slots 150, poker 100;
 * ratio 40%) with m1 (member) and B (agent: taiqiu 120, slots 150, poker 0; ratio 25%) direct,
 * m2 below B; beside it X with x1, another team whose figures must never show. The days are
 * placed around M, the Monday two weeks back: d1 = M+1 is settled (its statements written
 * here), d2 and d3 are estimated; the week before M is settled with a paid dividend.
 */
const TZ = 'Asia/Shanghai';

describe(`agent reports (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let a: TestAgent, b: TestAgent, m1: TestAgent, m2: TestAgent, x: TestAgent, x1: TestAgent;
  let today: string, M: string, d1: string, d2: string, d3: string, from: string, to: string;

  const roll = (who: TestAgent, day: string, gameType: RollupGameType, delta: RollupDelta) =>
    inTransaction(t.db, (tx) =>
      rollUp(tx, who.userId, new Date(localDayStart(day, TZ).getTime() + 12 * 3_600_000), gameType, delta),
    );
  const report = async (who: TestAgent, body: Record<string, unknown>) => {
    const res = await as(t, who, agentReports.agentReport, { from, to, ...body });
    if (res.code !== 200) throw new Error(`report failed: ${res.msg}`);
    return res.data;
  };
  /** A report's non-zero rows by date. */
  const nonZero = (rows: agentReports.ReportRow[]) =>
    Object.fromEntries(rows.filter((r) => Object.values(r.values).some((v) => v !== 0)).map((r) => [r.date, r.values]));
  const day = async (who: TestAgent, body: Record<string, unknown>) => {
    const res = await as(t, who, agentReports.agentReportDay, body);
    if (res.code !== 200) throw new Error(`report/day failed: ${res.msg}`);
    return res.data;
  };
  const members = (page: { list: agentReports.DayRow[] }) => page.list.map((r) => [r.username, r.gameType, r.values]);

  async function statement(
    agentId: number,
    kind: 'commission' | 'dividend',
    period: string,
    s: Partial<typeof agentStatements.$inferInsert>,
    lines: Array<[TestAgent, RollupGameType, number, number, number]>,
  ) {
    const [row] = await t.db
      .insert(agentStatements)
      .values({ agentId, kind, period, base: 0, amount: 0, createdAt: t.clock.now(), ...s })
      .returning({ id: agentStatements.id });
    for (const [m, gameType, base, rateBp, amount] of lines) {
      await t.db
        .insert(agentStatementLines)
        .values({ statementId: row!.id, memberId: m.userId, gameType, base, rateBp, amount });
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    await t.db.execute(sql`DELETE FROM platform_commission_tiers`);
    a = await newTopAgent(t);
    const link = await newLink(t, a, {
      kind: 'agent',
      rates: { taiqiu: 120, slots: 150, poker: 0 },
      dividendRatioBp: 2500,
    });
    b = await newPlayerUnder(t, link.code);
    m1 = await newPlayerUnder(t, a.inviteCode);
    m2 = await newPlayerUnder(t, b.inviteCode);
    x = await newTopAgent(t);
    x1 = await newPlayerUnder(t, x.inviteCode);

    today = localDate(t.clock.now(), TZ);
    M = addDays(mondayOf(today), -14);
    [d1, d2, d3] = [addDays(M, 1), addDays(M, 2), addDays(M, 3)];
    [from, to] = [addDays(M, -3), addDays(M, 8)];

    await roll(m1, d1, 'taiqiu', { betCount: 2, stake: 10_000, validBet: 9_000, payout: 6_000 });
    await roll(m1, d1, '', {
      registrations: 1,
      deposits: 50_000,
      depositCount: 1,
      firstDepositCount: 1,
      firstDeposits: 50_000,
      depositFees: 500,
      bonuses: 1_000,
    });
    await roll(m2, d1, 'slots', { betCount: 1, stake: 4_000, validBet: 4_000, payout: 7_000 });
    await roll(m2, d1, '', { rebates: 300 });
    await roll(x1, d1, 'taiqiu', { betCount: 9, stake: 999_999, validBet: 999_999 });
    await roll(x1, d1, '', { deposits: 777, depositCount: 1, rebates: 55, registrations: 1 });
    await roll(m2, d2, '', {
      registrations: 1,
      deposits: 20_000,
      depositCount: 2,
      firstDepositCount: 1,
      firstDeposits: 10_000,
      depositFees: 200,
      withdrawals: 5_000,
      withdrawalCount: 1,
      withdrawalFees: 100,
    });
    await roll(m1, d2, 'poker', {
      betCount: 1,
      stake: 2_000,
      validBet: 2_000,
      payout: 1_000,
      insurancePremiums: 1_000,
      insurancePayouts: 300,
    });
    await roll(b, d2, '', { deposits: 3_000, depositCount: 1 });
    await roll(m1, d3, '', {
      deposits: 10_000,
      depositCount: 1,
      withdrawals: 2_000,
      withdrawalCount: 1,
      withdrawalFees: 50,
    });
    await roll(m2, d3, 'taiqiu', { betCount: 1, stake: 1_000, validBet: 1_000 });

    // d1 settled: A earns its full rate on m1, nothing on m2's slots (B's rate is as high); the
    // week before M settled with a carry-in and a paid dividend.
    await t.db.insert(agentSettlements).values([
      { kind: 'commission', period: d1, statements: 2, paid: 240, settledAt: t.clock.now() },
      { kind: 'dividend', period: addDays(M, -7), statements: 1, paid: 555, settledAt: t.clock.now() },
    ]);
    await statement(a.userId, 'commission', d1, { base: 9_000, amount: 180 }, [[m1, 'taiqiu', 9_000, 200, 180]]);
    await statement(b.userId, 'commission', d1, { base: 4_000, amount: 60 }, [[m2, 'slots', 4_000, 150, 60]]);
    // Settled when A's ratio was 30 % (it is 40 % now).
    await statement(
      a.userId,
      'dividend',
      addDays(M, -7),
      { base: 755, carryIn: -200, amount: 555, ratioBp: 3_000 },
      [],
    );
  }, 60_000);

  afterAll(() => t?.close());

  it('team: my commission (settled, then estimated) and dividend, the team valid bet, win/loss and newcomers', async () => {
    const r = await report(a, { kind: 'team' });
    expect(r.rows.map((row) => row.date)).toEqual(Array.from({ length: 12 }, (_, i) => addDays(to, -i)));
    const z = { commission: 0, dividend: 0, validBet: 0, winLoss: 0, registrations: 0, firstDepositCount: 0 };
    expect(nonZero(r.rows)).toEqual({
      [addDays(M, -1)]: { ...z, dividend: 555 },
      [d1]: { ...z, commission: 180, validBet: 13_000, winLoss: -1_000, registrations: 1, firstDepositCount: 1 },
      [d2]: { ...z, commission: 20, validBet: 2_000, winLoss: -1_000, registrations: 1, firstDepositCount: 1 },
      [d3]: { ...z, commission: 8, validBet: 1_000, winLoss: -1_000 },
    });
    expect(r.summary).toEqual({
      commission: 208,
      dividend: 555,
      validBet: 16_000,
      winLoss: -3_000,
      registrations: 2,
      firstDepositCount: 2,
    });
    expect(Object.keys(r.rows[0]!.values)).toEqual(agentReports.REPORT_LAYOUTS.team.columns.map((c) => c.key));

    // Direct: m1 and B only (m2's bets and A's 8 on them drop out).
    const direct = await report(a, { kind: 'team', scope: 'direct' });
    expect(direct.summary).toMatchObject({ commission: 200, validBet: 11_000, winLoss: -5_000, registrations: 1 });
  });

  it('costs, games (and per game type), net, fees', async () => {
    const costs = await report(a, { kind: 'costs' });
    expect(nonZero(costs.rows)).toEqual({
      [d1]: { rebates: 300, bonuses: 1_000, commission: 180 },
      [d2]: { rebates: 0, bonuses: 0, commission: 20 },
      [d3]: { rebates: 0, bonuses: 0, commission: 8 },
    });
    expect(costs.summary).toEqual({ rebates: 300, bonuses: 1_000, commission: 208 });

    const games = await report(a, { kind: 'games' });
    expect(games.summary).toEqual({ validBet: 16_000, winLoss: -3_000, commission: 208 });
    expect(games.byGameType).toEqual([
      { gameType: 'taiqiu', values: { validBet: 10_000, winLoss: -5_000, commission: 188 } },
      { gameType: 'slots', values: { validBet: 4_000, winLoss: 3_000, commission: 0 } },
      { gameType: 'poker', values: { validBet: 2_000, winLoss: -1_000, commission: 20 } },
    ]);

    const net = await report(a, { kind: 'net' });
    expect(nonZero(net.rows)).toEqual({
      [d1]: { stake: 14_000, payout: 13_000, rebates: 300, bonuses: 1_000, net: 300 },
      [d2]: { stake: 2_000, payout: 1_000, rebates: 0, bonuses: 0, net: -1_000 },
      [d3]: { stake: 1_000, payout: 0, rebates: 0, bonuses: 0, net: -1_000 },
    });
    expect(net.summary).toEqual({ stake: 17_000, payout: 14_000, rebates: 300, bonuses: 1_000, net: -1_700 });

    const fees = await report(a, { kind: 'fees' });
    expect(nonZero(fees.rows)).toEqual({
      [d1]: { depositFees: 500, withdrawalFees: 0, fees: 500 },
      [d2]: { depositFees: 200, withdrawalFees: 100, fees: 300 },
      [d3]: { depositFees: 0, withdrawalFees: 50, fees: 50 },
    });
    expect(fees.summary).toEqual({ depositFees: 700, withdrawalFees: 150, fees: 850 });
  });

  it('cash and numbers: headcounts distinct per day and over the period', async () => {
    const cash = await report(a, { kind: 'cash' });
    const none = { withdrawals: 0, withdrawalCount: 0, firstDeposits: 0, firstDepositCount: 0 };
    expect(nonZero(cash.rows)).toEqual({
      [d1]: { deposits: 50_000, depositCount: 1, depositors: 1, ...none, firstDeposits: 50_000, firstDepositCount: 1 },
      [d2]: {
        deposits: 23_000,
        depositCount: 3,
        depositors: 2,
        withdrawals: 5_000,
        withdrawalCount: 1,
        firstDeposits: 10_000,
        firstDepositCount: 1,
      },
      [d3]: { deposits: 10_000, depositCount: 1, depositors: 1, ...none, withdrawals: 2_000, withdrawalCount: 1 },
    });
    expect(cash.summary).toEqual({
      deposits: 83_000,
      depositCount: 5,
      depositors: 3,
      withdrawals: 7_000,
      withdrawalCount: 2,
      firstDeposits: 60_000,
      firstDepositCount: 2,
    });
    expect((await report(a, { kind: 'cash', scope: 'direct' })).summary).toMatchObject({
      deposits: 63_000,
      depositors: 2,
    });

    const numbers = await report(a, { kind: 'numbers' });
    expect(nonZero(numbers.rows)).toEqual({
      [d1]: { registrations: 1, firstDepositors: 1, depositors: 1, activeBettors: 2 },
      [d2]: { registrations: 1, firstDepositors: 1, depositors: 2, activeBettors: 1 },
      [d3]: { registrations: 0, firstDepositors: 0, depositors: 1, activeBettors: 1 },
    });
    expect(numbers.summary).toEqual({ registrations: 2, firstDepositors: 2, depositors: 3, activeBettors: 2 });
  });

  it('pokerInsurance: the players’ net and my share of what the house kept', async () => {
    const r = await report(a, { kind: 'pokerInsurance' });
    expect(nonZero(r.rows)).toEqual({ [d2]: { premiums: 1_000, payouts: 300, net: -700, myShare: 280 } });
    expect(r.summary).toEqual({ premiums: 1_000, payouts: 300, net: -700, myShare: 280 });
  });

  it('dividend: weeks by Monday, settled (paid, at the ratio of then) or as they stand (pending, at my ratio now), with carry-in', async () => {
    const r = await report(a, { kind: 'dividend' });
    const ratio = { ratioBp: 4_000 };
    // Week M: m1 nets 5,700 − 1,550 at 40%; m2 −2,000 − 600 at 40% − 25% → 1,660 − 390.
    expect(r.rows).toEqual([
      { date: addDays(M, 7), values: { netLoss: 0, costs: 0, carryIn: 0, ...ratio, dividend: 0 }, status: 'pending' },
      { date: M, values: { netLoss: 3_700, costs: 2_150, carryIn: 0, ...ratio, dividend: 1_270 }, status: 'pending' },
      {
        date: addDays(M, -7),
        values: { netLoss: 0, costs: 0, carryIn: -200, ratioBp: 3_000, dividend: 555 },
        status: 'paid',
      },
    ]);
    expect(r.summary).toEqual({ netLoss: 3_700, costs: 2_150, carryIn: -200, ...ratio, dividend: 1_825 });
    const direct = await report(a, { kind: 'dividend', scope: 'direct' });
    expect(direct.summary).toMatchObject({ netLoss: 5_700, costs: 1_550, dividend: 1_825 });
  });

  it('another team never sees mine, nor I its', async () => {
    const r = await report(x, { kind: 'team' });
    expect(r.summary).toMatchObject({ validBet: 999_999, registrations: 1, commission: 0 });
    expect((await report(x, { kind: 'costs' })).summary).toMatchObject({ rebates: 55, bonuses: 0 });
    expect(members(await day(x, { detail: 'deposits', date: d1 }))).toEqual([
      [x1.username, null, { deposits: 777, depositCount: 1, depositFees: 0 }],
    ]);
    expect((await day(b, { detail: 'deposits', date: d2 })).list.map((row) => row.username)).toEqual([m2.username]);
  });

  it('a day in detail: members largest first, paged, per game type, and my commission lines', async () => {
    const deposits = await day(a, { detail: 'deposits', date: d2 });
    expect(members(deposits)).toEqual([
      [m2.username, null, { deposits: 20_000, depositCount: 2, depositFees: 200 }],
      [b.username, null, { deposits: 3_000, depositCount: 1, depositFees: 0 }],
    ]);
    expect(deposits.summary).toEqual({ deposits: 23_000, depositCount: 3, depositFees: 200 });
    const second = await day(a, { detail: 'deposits', date: d2, page: 2, pageSize: 1 });
    expect({ total: second.total, ids: second.list.map((row) => row.memberId) }).toEqual({ total: 2, ids: [b.userId] });
    expect((await day(a, { detail: 'deposits', date: d2, page: 3, pageSize: 1 })).total).toBe(2);
    expect(members(await day(a, { detail: 'deposits', date: d2, scope: 'direct' }))).toEqual([
      [b.username, null, { deposits: 3_000, depositCount: 1, depositFees: 0 }],
    ]);

    expect(members(await day(a, { detail: 'memberGames', date: d1 }))).toEqual([
      [m1.username, 'taiqiu', { stake: 10_000, validBet: 9_000, payout: 6_000, winLoss: -4_000 }],
      [m2.username, 'slots', { stake: 4_000, validBet: 4_000, payout: 7_000, winLoss: 3_000 }],
    ]);
    const games = await day(a, { detail: 'games', date: d1 });
    expect(games.list.map((row) => [row.memberId, row.gameType, row.values.validBet])).toEqual([
      [null, 'taiqiu', 9_000],
      [null, 'slots', 4_000],
    ]);
    expect(members(await day(a, { detail: 'rebates', date: d1 }))).toEqual([[m2.username, null, { rebates: 300 }]]);
    expect(members(await day(a, { detail: 'net', date: d1 }))).toEqual([
      [m2.username, null, { stake: 4_000, payout: 7_000, rebates: 300, bonuses: 0, net: 3_300 }],
      [m1.username, null, { stake: 10_000, payout: 6_000, rebates: 0, bonuses: 1_000, net: -3_000 }],
    ]);

    const settled = await day(a, { detail: 'commission', date: d1 });
    expect(members(settled)).toEqual([[m1.username, 'taiqiu', { validBet: 9_000, rateBp: 200, commission: 180 }]]);
    const estimated = await day(a, { detail: 'commission', date: d3 });
    expect(members(estimated)).toEqual([[m2.username, 'taiqiu', { validBet: 1_000, rateBp: 80, commission: 8 }]]);
    expect(estimated.summary).toEqual({ validBet: 1_000, rateBp: 80, commission: 8 });
    expect((await day(a, { detail: 'commission', date: d3, scope: 'direct' })).list).toEqual([]);
  });

  it('refuses more than 90 days, a period ending before it starts and a bad date, naming the field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await as(t, a, agentReports.agentReport, { kind: 'team', ...body });
      return { code: res.code, field: res.data?.field };
    };
    expect(await refused({ from: '2026-01-01', to: '2026-04-01' })).toEqual({ code: 400, field: 'to' });
    expect(await refused({ from: '2026-01-01', to: '2026-03-31' })).toMatchObject({ code: 200 });
    expect(await refused({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ code: 400, field: 'to' });
    expect(await refused({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ code: 400, field: 'from' });
    const badDay = await as(t, a, agentReports.agentReportDay, { detail: 'deposits', date: '2026-3-1' });
    expect({ code: badDay.code, field: badDay.data?.field }).toEqual({ code: 400, field: 'date' });
  });

  it('home: today’s team figures and my earnings as they stand', async () => {
    const before = (await as(t, a, agent.agentHome)).data.figures;
    await roll(m1, today, '', {
      deposits: 700,
      depositCount: 1,
      registrations: 1,
      firstDepositCount: 1,
      firstDeposits: 700,
    });
    await roll(m2, today, 'taiqiu', { betCount: 1, stake: 500, validBet: 500, payout: 200 });
    const figures = (await as(t, a, agent.agentHome)).data.figures;
    const settledThisMonth = d1.slice(0, 7) === today.slice(0, 7) ? 180 : 0;
    expect(figures).toEqual({
      ...before,
      // m2's 500 on taiqiu at 200% − B's 120 bp; its week's net loss 300 at 40% − 25%.
      commissionToday: 4,
      commissionMonth: settledThisMonth + 4,
      dividendWeek: 45,
      dividendMonth: 555,
      depositsToday: before.depositsToday + 700,
      validBetToday: 500,
      winLossToday: -300,
      registrationsToday: before.registrationsToday + 1,
      firstDepositorsToday: before.firstDepositorsToday + 1,
    });
  });

  it('platformRates: the table and my own rates where it has no tier', async () => {
    const res = await as(t, a, agentReports.agentPlatformRates);
    expect(res.data.tiers).toEqual([]);
    expect(res.data.mine).toEqual([
      { gameType: 'taiqiu', teamValidBetToday: 500, tierRateBp: null, ownRateBp: 200, effectiveRateBp: 200 },
      { gameType: 'slots', teamValidBetToday: 0, tierRateBp: null, ownRateBp: 150, effectiveRateBp: 150 },
      { gameType: 'poker', teamValidBetToday: 0, tierRateBp: null, ownRateBp: 100, effectiveRateBp: 100 },
    ]);
  });

  it('dividendRatio: my direct sub-agents; set within mine, with the security password', async () => {
    const list = await as(t, a, agentReports.agentDividendRatioList);
    expect(list.data).toMatchObject({
      myRatioBp: 4_000,
      total: 1,
      list: [{ id: b.userId, username: b.username, ratioBp: 2_500, teamCount: 1 }],
    });
    const set = (memberId: number, ratioBp: number, securityPassword = SECURITY_PASSWORD) =>
      as(t, a, agentReports.agentDividendRatioSet, { memberId, ratioBp, securityPassword });
    const outcome = async (res: ReturnType<typeof set>) => {
      const r = await res;
      return { code: r.code, msg: r.msg, field: r.code === 200 ? undefined : r.data?.field };
    };
    expect(await outcome(set(b.userId, 4_001))).toMatchObject({ code: 422, field: 'ratioBp' });
    expect(await outcome(set(m1.userId, 100))).toMatchObject({ code: 422, field: 'ratioBp' });
    expect(await outcome(set(m2.userId, 100))).toMatchObject({ code: 422, field: 'memberId' });
    expect((await set(x1.userId, 100)).code).toBe(404);
    expect((await set(b.userId, 3_000, '999999')).code).toBe(400);
    expect((await set(b.userId, 3_000)).data).toEqual({ id: b.userId, ratioBp: 3_000 });
    expect((await as(t, a, agentReports.agentDividendRatioList)).data.list[0]).toMatchObject({ ratioBp: 3_000 });
  });
});
