import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentReports } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { addDays, localDate, localDayStart, mondayOf } from '../../src/platform/time-range.js';
import { agentTeamDays, ROLLUP_GRACE_MS, type RollupGameType } from '../../src/modules/agents/report-tables.js';
import { rollUp, type RollupDelta } from '../../src/modules/agents/rollups.js';
import { FIGURES, openDayOf, teamSums, type FigureKey } from '../../src/modules/agents/reports/team-sums.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { newPlayerUnder, type TestAgent } from '../helpers/agent-money.js';
import { as, newLink, newTopAgent } from '../helpers/agent-team.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * The reports' cache of closed days (agent_team_days): A (top agent) with m1 direct and B (agent)
 * direct, m2 below B; X with x1 beside. The clock stands 2 minutes into a site day, so yesterday
 * is still inside the roll-up grace: the days before it are cached by the first report, yesterday
 * and today are read live, and every answer equals the live join's.
 */
const SUM_KEYS = (Object.keys(FIGURES) as FigureKey[]).filter(
  (k) => !['depositors', 'firstDepositors', 'activeBettors'].includes(k),
);
const KINDS = ['team', 'costs', 'games', 'dividend', 'pokerInsurance'] as const;

describe(`agent reports' cache of closed days (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let a: TestAgent, b: TestAgent, m1: TestAgent, m2: TestAgent, x1: TestAgent;
  let tz: string, today: string, yesterday: string, from: string;

  const roll = (who: TestAgent, day: string, gameType: RollupGameType, delta: RollupDelta) =>
    inTransaction(t.db, (tx) =>
      rollUp(tx, who.userId, new Date(localDayStart(day, tz).getTime() + 12 * 3_600_000), gameType, delta),
    );
  const report = async (kind: (typeof KINDS)[number], scope: 'team' | 'direct') => {
    const res = await as(t, a, agentReports.agentReport, { kind, scope, from, to: today });
    if (res.code !== 200) throw new Error(`report failed: ${res.msg}`);
    return res.data;
  };
  const reports = async () => {
    const all: unknown[] = [];
    for (const scope of ['team', 'direct'] as const) for (const kind of KINDS) all.push(await report(kind, scope));
    return all;
  };
  /** The marker days cached for A. */
  const cachedDays = async (scope: 'team' | 'direct') =>
    (
      await t.db
        .select({ day: agentTeamDays.day })
        .from(agentTeamDays)
        .where(
          and(eq(agentTeamDays.agentId, a.userId), eq(agentTeamDays.scope, scope), eq(agentTeamDays.gameType, '-')),
        )
        .orderBy(agentTeamDays.day)
    ).map((r) => r.day);
  const plain = <T>(m: Map<string, T>) => Object.fromEntries([...m].sort(([x], [y]) => x.localeCompare(y)));
  /** teamSums through the cache equals the live join, per day and week, per game type. */
  async function expectSameAsLive() {
    const openFrom = openDayOf(t.clock.now(), tz);
    for (const scope of ['team', 'direct'] as const) {
      for (const bucket of ['day', 'week'] as const) {
        const q = { agentId: a.userId, scope, from: mondayOf(addDays(from, -7)), to: addDays(today, 3) };
        const live = await teamSums(t.db, q, SUM_KEYS, bucket, true);
        const cached = await teamSums(t.db, { ...q, openFrom }, SUM_KEYS, bucket, true);
        expect(plain(cached.rows)).toEqual(plain(live.rows));
        expect(plain(cached.games)).toEqual(plain(live.games));
        expect(cached.total).toEqual(live.total);
      }
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
    tz = (await getSysConfig(t.db)).timeZone;
    // 2 minutes into the next site day: yesterday ended inside the grace.
    const next = addDays(localDate(t.clock.now(), tz), 1);
    t.clock.advance(localDayStart(next, tz).getTime() + 2 * 60_000 - t.clock.now().getTime());
    today = localDate(t.clock.now(), tz);
    yesterday = addDays(today, -1);
    from = addDays(today, -6);

    a = await newTopAgent(t);
    const link = await newLink(t, a, { kind: 'agent', rates: { taiqiu: 120, slots: 150, poker: 0 } });
    b = await newPlayerUnder(t, link.code);
    m1 = await newPlayerUnder(t, a.inviteCode);
    m2 = await newPlayerUnder(t, b.inviteCode);
    const x = await newTopAgent(t);
    x1 = await newPlayerUnder(t, x.inviteCode);

    const [p1, p2, p3] = [addDays(today, -5), addDays(today, -3), addDays(today, -2)];
    await roll(m1, p1, 'taiqiu', { betCount: 2, stake: 10_000, validBet: 9_000, payout: 6_000 });
    await roll(m1, p1, '', { deposits: 50_000, depositCount: 1, depositFees: 500, bonuses: 1_000 });
    await roll(m2, p1, 'slots', { betCount: 1, stake: 4_000, validBet: 4_000, payout: 7_000 });
    await roll(m2, p2, '', { rebates: 300, withdrawals: 2_000, withdrawalCount: 1, withdrawalFees: 20 });
    await roll(m1, p3, 'poker', { betCount: 1, stake: 3_000, validBet: 3_000, insurancePremiums: 200 });
    await roll(m2, p3, 'taiqiu', { betCount: 1, stake: 1_000, validBet: 1_000, payout: 1_900 });
    await roll(m1, yesterday, 'slots', { betCount: 1, stake: 2_500, validBet: 2_500, payout: 500 });
    await roll(m2, today, 'taiqiu', { betCount: 1, stake: 800, validBet: 800 });
    await roll(x1, p1, 'taiqiu', { betCount: 9, stake: 999_999, validBet: 999_999 });
  });
  afterAll(() => t?.close());

  it('caches the closed days once, apart per scope, and answers as the live join', async () => {
    expect(await cachedDays('team')).toEqual([]);
    const first = await reports();
    // The dividend report's weeks reach back to the Monday of `from`.
    const closed = (start: string) => {
      const days: string[] = [];
      for (let day = start; day < yesterday; day = addDays(day, 1)) days.push(day);
      return days;
    };
    expect(await cachedDays('team')).toEqual(closed(mondayOf(from)));
    expect(await cachedDays('direct')).toEqual(closed(mondayOf(from)));

    // The team's figures of a closed day, as cached: m2 (below B) is in the team, not direct.
    const figures = async (scope: 'team' | 'direct', day: string) =>
      await t.db
        .select({ gameType: agentTeamDays.gameType, validBet: agentTeamDays.validBet, stake: agentTeamDays.stake })
        .from(agentTeamDays)
        .where(and(eq(agentTeamDays.agentId, a.userId), eq(agentTeamDays.scope, scope), eq(agentTeamDays.day, day)))
        .orderBy(agentTeamDays.gameType);
    const p1 = addDays(today, -5);
    expect(await figures('team', p1)).toEqual([
      { gameType: '', validBet: 0, stake: 0 },
      { gameType: '-', validBet: 0, stake: 0 },
      { gameType: 'slots', validBet: 4_000, stake: 4_000 },
      { gameType: 'taiqiu', validBet: 9_000, stake: 10_000 },
    ]);
    expect(await figures('direct', p1)).toEqual([
      { gameType: '', validBet: 0, stake: 0 },
      { gameType: '-', validBet: 0, stake: 0 },
      { gameType: 'taiqiu', validBet: 9_000, stake: 10_000 },
    ]);
    const team = (await report('team', 'team')) as { rows: agentReports.ReportRow[]; summary: Record<string, number> };
    expect(team.rows.find((r) => r.date === p1)?.values.validBet).toBe(13_000);
    expect(team.summary.validBet).toBe(13_000 + 4_000 + 2_500 + 800);

    // Read again from the cache: the same answers, and the live join's.
    expect(await reports()).toEqual(first);
    await expectSameAsLive();
  });

  it("shows today's new roll-ups, and caches yesterday only once the grace is over", async () => {
    const before = (await report('games', 'team')).summary.validBet!;
    await roll(m1, today, 'slots', { betCount: 1, stake: 700, validBet: 700 });
    await roll(m2, yesterday, 'taiqiu', { betCount: 1, stake: 50, validBet: 50 });
    expect((await report('games', 'team')).summary.validBet).toBe(before + 750);
    expect(await cachedDays('team')).not.toContain(yesterday);
    await expectSameAsLive();

    t.clock.advance(ROLLUP_GRACE_MS);
    const after = await reports();
    expect(await cachedDays('team')).toContain(yesterday);
    expect(await cachedDays('direct')).toContain(yesterday);
    expect(await cachedDays('team')).not.toContain(today);
    expect(await reports()).toEqual(after);
    await expectSameAsLive();
    expect((await report('games', 'team')).summary.validBet).toBe(before + 750);

    // Only A's rows: X's team was never asked for, and no cached row is of today.
    const [other] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentTeamDays)
      .where(sql`${agentTeamDays.agentId} <> ${a.userId} OR ${agentTeamDays.day} >= ${today}`);
    expect(other!.n).toBe(0);
  });
});
