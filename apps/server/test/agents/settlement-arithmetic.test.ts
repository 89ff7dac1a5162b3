import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differentialLines, type PathBase } from '../../src/modules/agents/settlement/differential.js';
import { commissionLinesOf, dividendOf } from '../../src/modules/agents/settlement/estimate.js';
import { settlePeriod } from '../../src/modules/agents/settlement/settle.js';
import { addDays } from '../../src/platform/time-range.js';
import { effectiveRatesOf } from '../../src/modules/agents/settlement/tiers.js';
import { balanceOf } from '../helpers/agent-money.js';
import { newTree, rollUpOn, settledCounts, siteDays, statementOf, type Tree } from '../helpers/agent-settlement.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';

/*
 * Commission and dividend on a hand-computed tree of four levels
 *
 *   top (taiqiu 2.00 %, slots 1.50 %, poker 1.00 %, dividend 40 %)
 *   ├── agent (1.50 %, 1.20 %, 0.80 %, 30 %)
 *   │   ├── sub (1.30 %, 1.20 %, 0.50 %, 10 %)
 *   │   │   ├── m1
 *   │   │   └── m2
 *   │   └── m3
 *   └── m4
 *
 * with a platform table for taiqiu only: a team valid bet of the day from 0 allows 1.20 %, from
 * ¥10,000 1.80 %. Every expected figure below is computed by hand in the comments.
 */

const line = (memberId: number, gameType: string, base: number, rateBp: number, amount: number) => ({
  memberId,
  gameType,
  base,
  rateBp,
  amount,
});

describe('agent settlement: the arithmetic', () => {
  let t: TestApp;
  let tree: Tree;
  let days: Awaited<ReturnType<typeof siteDays>>;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    tree = await newTree(t);
    days = await siteDays(t);
    await t.db.execute(sql`
      INSERT INTO platform_commission_tiers (game_type, min_valid_bet, rate_bp)
      VALUES ('taiqiu', 0, 120), ('taiqiu', 1000000, 180)`);
  });
  afterAll(() => t?.close());

  const balances = () => Promise.all([tree.top, tree.agent, tree.sub].map((a) => balanceOf(t, a)));

  it('pays the daily commission differentially, capped by the platform table; a re-run pays nothing more', async () => {
    const { m1, m2, m3, m4, top, agent, sub } = tree;
    const day = days.monday(1); // last week's Monday: ended
    const at = days.noonOf(day);
    await rollUpOn(t, m1, at, 'taiqiu', { betCount: 2, stake: 500_000, validBet: 500_000, payout: 300_000 });
    await rollUpOn(t, m1, at, 'slots', { betCount: 9, stake: 200_000, validBet: 200_000 });
    await rollUpOn(t, m2, at, 'taiqiu', { betCount: 1, stake: 300_000, validBet: 300_000 });
    await rollUpOn(t, m2, at, 'poker', { betCount: 4, stake: 300_033, validBet: 300_033 });
    await rollUpOn(t, m3, at, 'taiqiu', { betCount: 1, stake: 150_000, validBet: 150_000 });
    await rollUpOn(t, m3, at, 'slots', { betCount: 3, stake: 100_000, validBet: 100_000 });
    await rollUpOn(t, m4, at, 'taiqiu', { betCount: 1, stake: 100_000, validBet: 100_000 });
    // Not bets: no commission (insurance and the figures of no game type).
    await rollUpOn(t, m1, at, 'poker', { insurancePremiums: 80_000, insurancePayouts: 10_000 });
    await rollUpOn(t, m1, at, '', { deposits: 1_000_000, depositCount: 1 });

    /*
     * Team taiqiu valid bet: sub 500,000 + 300,000 = 800,000 → tier 1.20 % → effective min(1.30, 1.20) = 120;
     * agent 800,000 + 150,000 = 950,000 → tier 1.20 % → min(1.50, 1.20) = 120;
     * top 950,000 + 100,000 = 1,050,000 → tier 1.80 % → min(2.00, 1.80) = 180.
     * Slots and poker have no tier: own rates (slots 120 / 120 / 150, poker 50 / 80 / 100).
     */
    expect(await effectiveRatesOf(t.db, top.userId, day)).toEqual([
      { gameType: 'taiqiu', teamValidBet: 1_050_000, tierRateBp: 180, ownRateBp: 200, effectiveRateBp: 180 },
      { gameType: 'slots', teamValidBet: 300_000, tierRateBp: null, ownRateBp: 150, effectiveRateBp: 150 },
      { gameType: 'poker', teamValidBet: 300_033, tierRateBp: null, ownRateBp: 100, effectiveRateBp: 100 },
    ]);
    expect((await effectiveRatesOf(t.db, sub.userId, day))[0]).toMatchObject({ tierRateBp: 120, effectiveRateBp: 120 });

    /*
     * Per line, floor(base × differential rate / 10,000):
     *   m1 taiqiu 500,000: sub 120 → 6,000; agent 120 − 120 = 0; top 180 − 120 = 60 → 3,000
     *   m1 slots  200,000: sub 120 → 2,400; agent 0;                top 150 − 120 = 30 → 600
     *   m2 taiqiu 300,000: sub 120 → 3,600; agent 0;                top 60 → 1,800
     *   m2 poker  300,033: sub 50 → 1,500 (1,500.165); agent 80 − 50 = 30 → 900 (900.099); top 20 → 600 (600.066)
     *   m3 taiqiu 150,000: agent 120 → 1,800; top 60 → 900
     *   m3 slots  100,000: agent 120 → 1,200; top 30 → 300
     *   m4 taiqiu 100,000: top 180 → 1,800
     * sub 6,000 + 2,400 + 3,600 + 1,500 = 13,500; agent 900 + 1,800 + 1,200 = 3,900;
     * top 3,000 + 600 + 1,800 + 600 + 900 + 300 + 1,800 = 9,000.
     */
    const expected = {
      sub: [
        line(m1.userId, 'slots', 200_000, 120, 2_400),
        line(m1.userId, 'taiqiu', 500_000, 120, 6_000),
        line(m2.userId, 'poker', 300_033, 50, 1_500),
        line(m2.userId, 'taiqiu', 300_000, 120, 3_600),
      ],
      agent: [
        line(m2.userId, 'poker', 300_033, 30, 900),
        line(m3.userId, 'slots', 100_000, 120, 1_200),
        line(m3.userId, 'taiqiu', 150_000, 120, 1_800),
      ],
      top: [
        line(m1.userId, 'slots', 200_000, 30, 600),
        line(m1.userId, 'taiqiu', 500_000, 60, 3_000),
        line(m2.userId, 'poker', 300_033, 20, 600),
        line(m2.userId, 'taiqiu', 300_000, 60, 1_800),
        line(m3.userId, 'slots', 100_000, 30, 300),
        line(m3.userId, 'taiqiu', 150_000, 60, 900),
        line(m4.userId, 'taiqiu', 100_000, 180, 1_800),
      ],
    };
    const byMember = (lines: { memberId: number; gameType: string }[]) =>
      [...lines].sort((a, b) => a.memberId - b.memberId || a.gameType.localeCompare(b.gameType));
    // The estimate before settlement is what settlement pays.
    expect(byMember(await commissionLinesOf(t.db, sub.userId, day))).toEqual(expected.sub);
    expect(byMember(await commissionLinesOf(t.db, top.userId, day))).toEqual(expected.top);

    const before = await balances();
    const result = await settlePeriod(t.app.ctx, 'commission', day, t.clock.now());
    expect(result).toEqual({
      kind: 'commission',
      period: day,
      statements: 3,
      paid: 13_500 + 3_900 + 9_000,
      alreadySettled: false,
    });
    const paid = (await balances()).map((b, i) => b - before[i]!);
    expect(paid).toEqual([9_000, 3_900, 13_500]);
    for (const [who, lines, amount, base] of [
      [sub, expected.sub, 13_500, 1_300_033],
      [agent, expected.agent, 3_900, 1_550_033],
      [top, expected.top, 9_000, 1_650_033],
    ] as const) {
      const statement = await statementOf(t.db, who, 'commission', day);
      expect(statement).toMatchObject({ amount, base, carryIn: 0, carryOut: 0 });
      expect(statement?.lines).toEqual(lines);
    }

    // Again: the period is settled; nothing more is written or paid.
    expect(await settlePeriod(t.app.ctx, 'commission', day, t.clock.now())).toMatchObject({
      statements: 0,
      paid: 0,
      alreadySettled: true,
    });
    expect((await balances()).map((b, i) => b - before[i]!)).toEqual(paid);
    expect(await settledCounts(t.db, 'commission', day)).toEqual({ statements: 3, transfers: 3, markers: 1 });
    await expectLedgerOk(t.db);
  });

  it('pays the weekly dividend on net loss after costs, carrying a negative week into the next', async () => {
    const { m1, m2, m3, m4, top, agent } = tree;
    const [week1, week2] = [days.monday(3), days.monday(2)];
    const tuesday1 = days.noonOf(addDays(week1, 1));
    const at1 = days.noonOf(week1);
    const at2 = days.noonOf(week2);
    /*
     * Week 1, memberNet = stake − payout + insurance premiums − insurance payouts − (rebates + bonuses + fees):
     *   m1: 1,000,000 − 600,000 − 20,000 rebates                       =    380,000 (over two days)
     *   m2: 50,000 − 20,000 insurance − 5,000 deposit fees              =     25,000
     *   m3: 200,000 − 900,000 − 10,001 bonuses                          =   −710,001
     *   m4: 100,000 − 3,000 deposit fee − 2,000 withdrawal fee          =     95,000
     */
    await rollUpOn(t, m1, at1, 'taiqiu', { stake: 600_000, validBet: 600_000, payout: 600_000 });
    await rollUpOn(t, m1, tuesday1, 'slots', { stake: 400_000, validBet: 400_000 });
    await rollUpOn(t, m1, tuesday1, '', { rebates: 20_000 });
    await rollUpOn(t, m2, at1, 'poker', { insurancePremiums: 50_000, insurancePayouts: 20_000 });
    await rollUpOn(t, m2, at1, '', { deposits: 500_000, depositFees: 5_000 });
    await rollUpOn(t, m3, at1, 'taiqiu', { stake: 200_000, validBet: 200_000, payout: 900_000 });
    await rollUpOn(t, m3, at1, '', { bonuses: 10_001 });
    await rollUpOn(t, m4, at1, 'slots', { stake: 100_000, validBet: 100_000 });
    await rollUpOn(t, m4, at1, '', { depositFees: 3_000, withdrawals: 50_000, withdrawalFees: 2_000 });
    /*
     * Lines, trunc(memberNet × differential ratio / 10,000), ratios sub 10 %, agent 30 %, top 40 %:
     *   m1 380,000: sub 1000 → 38,000; agent 2000 → 76,000; top 1000 → 38,000
     *   m2  25,000: sub 1000 → 2,500;  agent 2000 → 5,000;  top 1000 → 2,500
     *   m3 −710,001: agent 3000 → −213,000 (−213,000.3); top 1000 → −71,000 (−71,000.1)
     *   m4  95,000: top 4000 → 38,000
     * raw: sub 40,500; agent 76,000 + 5,000 − 213,000 = −132,000; top 38,000 + 2,500 − 71,000 + 38,000 = 7,500.
     * Paid: sub 40,500, top 7,500; the agent nothing, carrying −132,000 out.
     */
    expect(await dividendOf(t.db, agent.userId, week1)).toMatchObject({
      raw: -132_000,
      carryIn: 0,
      amount: 0,
      carryOut: -132_000,
    });
    const before = await balances();
    expect(await settlePeriod(t.app.ctx, 'dividend', week1, t.clock.now())).toEqual({
      kind: 'dividend',
      period: week1,
      statements: 3,
      paid: 48_000,
      alreadySettled: false,
    });
    expect((await balances()).map((b, i) => b - before[i]!)).toEqual([7_500, 0, 40_500]);
    expect(await statementOf(t.db, agent, 'dividend', week1)).toMatchObject({
      base: 380_000 + 25_000 - 710_001,
      // The agent's own ratio then, kept for the dividend report.
      ratioBp: 3000,
      carryIn: 0,
      carryOut: -132_000,
      amount: 0,
      lines: [
        line(m1.userId, '', 380_000, 2000, 76_000),
        line(m2.userId, '', 25_000, 2000, 5_000),
        line(m3.userId, '', -710_001, 3000, -213_000),
      ],
    });
    expect(await statementOf(t.db, top, 'dividend', week1)).toMatchObject({
      amount: 7_500,
      carryOut: 0,
      ratioBp: 4000,
    });

    /*
     * Week 2: m3 500,000 − 0 = 500,000 → agent 3000 → 150,000, top 1000 → 50,000;
     *         m1 100,000 − 50,000 = 50,000 → sub 5,000, agent 10,000, top 5,000.
     * agent: raw 160,000 + carry in −132,000 = 28,000 paid, nothing carried; sub 5,000; top 55,000.
     */
    await rollUpOn(t, m3, at2, 'slots', { stake: 500_000, validBet: 500_000 });
    await rollUpOn(t, m1, at2, 'taiqiu', { stake: 100_000, validBet: 100_000, payout: 50_000 });
    expect(await dividendOf(t.db, agent.userId, week2)).toMatchObject({
      raw: 160_000,
      carryIn: -132_000,
      amount: 28_000,
      carryOut: 0,
    });
    const before2 = await balances();
    expect(await settlePeriod(t.app.ctx, 'dividend', week2, t.clock.now())).toMatchObject({
      statements: 3,
      paid: 28_000 + 5_000 + 55_000,
    });
    expect((await balances()).map((b, i) => b - before2[i]!)).toEqual([55_000, 28_000, 5_000]);
    expect(await statementOf(t.db, agent, 'dividend', week2)).toMatchObject({
      base: 550_000,
      carryIn: -132_000,
      carryOut: 0,
      amount: 28_000,
    });

    // Re-runs of both weeks pay nothing more.
    for (const week of [week1, week2]) {
      expect(await settlePeriod(t.app.ctx, 'dividend', week, t.clock.now())).toMatchObject({
        statements: 0,
        paid: 0,
        alreadySettled: true,
      });
      expect(await settledCounts(t.db, 'dividend', week)).toEqual({
        statements: 3,
        transfers: week === week1 ? 2 : 3,
        markers: 1,
      });
    }
    expect((await balances()).map((b, i) => b - before2[i]!)).toEqual([55_000, 28_000, 5_000]);
    await expectLedgerOk(t.db);
  });

  it('property: along any path the lines are never negative and sum to no more than the top rate × valid bet', () => {
    const agentIds = [1, 2, 3, 4, 5, 6];
    const path = fc.record({
      chain: fc.shuffledSubarray(agentIds, { minLength: 1 }),
      base: fc.integer({ min: 0, max: 10_000_000_000 }),
      gameType: fc.constantFrom('taiqiu' as const, 'slots' as const, 'poker' as const),
    });
    const rates = fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 18, maxLength: 18 });
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 8 }), rates, (paths, table) => {
        const rateOf = (agentId: number, g: string) =>
          table[(agentId - 1) * 3 + ['taiqiu', 'slots', 'poker'].indexOf(g)]!;
        const bases: PathBase[] = paths.map((p, i) => ({ memberId: 100 + i, ...p }));
        const lines = [...differentialLines(bases, rateOf).values()].flat();
        for (const l of lines) expect(l.amount).toBeGreaterThan(0);
        bases.forEach((b) => {
          const paidOnPath = lines.filter((l) => l.memberId === b.memberId).reduce((s, l) => s + l.amount, 0);
          const top = Math.max(...b.chain.map((a) => rateOf(a, b.gameType)));
          expect(paidOnPath).toBeLessThanOrEqual(Math.floor((b.base * top) / 10_000));
        });
      }),
      { numRuns: 300 },
    );
  });
});
