import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSettlementsAdmin, reportAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { addDays, localDate, localDayStart } from '../../src/platform/time-range.js';
import { newPlayerUnder, type TestAgent } from '../helpers/agent-money.js';
import { makeAgent } from '../helpers/agent-team.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { providerBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * The agents report (docs/design.md §9, "Reports, as built"): on random play by the members of
 * two top-level teams and by players of no team, each team's line holds its members' bets and
 * what the ledger paid its agents (a real commission settlement of the day); the lines add up to
 * the profit and loss of the same range, whether its days are read live or from their cache.
 */

const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;

let t: TestApp;
let provider: TestProvider;
beforeAll(async () => {
  t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  provider = await registerTestProvider(t);
});
afterAll(async () => {
  await expectLedgerOk(t.db);
  await t.close();
});

const round = fc.record({ stake: fc.integer({ min: 100, max: 9_000 }), win: fc.oneof(fc.constant(0), fc.nat(15_000)) });
/** Per team, its members' rounds (a member with none does not bet); the loners' rounds. */
const play = fc.record({
  teams: fc.array(fc.array(fc.array(round, { maxLength: 3 }), { minLength: 1, maxLength: 3 }), {
    minLength: 2,
    maxLength: 2,
  }),
  loners: fc.array(fc.array(round, { minLength: 1, maxLength: 2 }), { maxLength: 2 }),
});

/** A player with money to bet. */
async function bettor(inviteCode?: string): Promise<TestAgent> {
  const p = await newPlayerUnder(t, inviteCode);
  await fund(t, p.username, 200_000);
  return p;
}

/** What the ledger credited to the player's cash under a code in [from, to). */
async function credited(userId: number, code: string, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: string | null }>(
    t.db,
    sql`SELECT sum(e.amount) AS n FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.owner_id = ${userId} AND a.kind = 'cash' AND e.type = ${code}
          AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

describe('agents report', () => {
  it('counts every member’s bets and every agent’s pay to the top-level team, adding up to the P&L (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(play, async (p) => {
        t.clock.advance(3 * DAY); // days of their own
        const day = localDate(t.clock.now(), ZONE);
        const from = localDayStart(day, ZONE);
        const to = localDayStart(addDays(day, 2), ZONE);
        const expected = new Map<number | null, { turnover: number; payout: number; players: number }>();
        const teams: TestAgent[][] = [];
        for (const members of p.teams) {
          const top = await newPlayerUnder(t);
          await makeAgent(t, top.userId);
          const team = [top];
          teams.push(team);
          const line = { turnover: 0, payout: 0, players: 0 };
          // The first member is a sub-agent: the second sits below it, still in the top's team.
          let inviter = top.inviteCode;
          for (const rounds of members) {
            const member = await bettor(inviter);
            team.push(member);
            inviter = member.inviteCode;
            for (const r of rounds) await providerBet(t, provider, member, provider.slot, r.stake, r.win);
            line.turnover += rounds.reduce((s, r) => s + r.stake, 0);
            line.payout += rounds.reduce((s, r) => s + r.win, 0);
            if (rounds.length > 0) line.players += 1;
          }
          if (line.players > 0) expected.set(top.userId, line);
        }
        const loners = { turnover: 0, payout: 0, players: p.loners.length };
        for (const rounds of p.loners) {
          const loner = await bettor();
          for (const r of rounds) await providerBet(t, provider, loner, provider.slot, r.stake, r.win);
          loners.turnover += rounds.reduce((s, r) => s + r.stake, 0);
          loners.payout += rounds.reduce((s, r) => s + r.win, 0);
        }
        if (loners.players > 0) expected.set(null, loners);

        // The next day the day's commissions are paid: the team's line shows what its agents got.
        t.clock.advance(DAY);
        const run = await adminCall(t.app, agentSettlementsAdmin.settlementRun, { kind: 'commission', period: day });
        expect(run.code, run.msg).toBe(200);

        const range = { from: from.toISOString(), to: to.toISOString(), pageSize: 100 };
        const report = await adminCall(t.app, reportAdmin.agentTeamsReport, range);
        expect(report.code, report.msg).toBe(200);
        const lines = new Map(report.data.list.map((l) => [l.agentId, l]));
        for (const [agentId, line] of expected) {
          const got = lines.get(agentId);
          expect(got).toMatchObject({ ...line, ggr: line.turnover - line.payout, dividends: 0 });
          if (agentId !== null) expect(got!.username).toBe(teams.find((m) => m[0]!.userId === agentId)![0]!.username);
        }
        for (const [top, ...members] of teams) {
          let paid = 0;
          for (const m of [top!, ...members]) paid += await credited(m.userId, 'commission', from, to);
          expect(lines.get(top!.userId)?.commissions ?? 0).toBe(paid);
        }
        // A team that bet paid its agents something: the comparison above is not of zeros only.
        const teamsBet = [...expected.keys()].some((id) => id !== null);
        expect(report.data.list.some((l) => l.commissions > 0)).toBe(teamsBet);
        expect(report.data.total).toBe(report.data.list.length);

        // The lines add up to the P&L of the range: its bets and what the ledger paid agents.
        const pnl = await adminCall(t.app, reportAdmin.pnlReport, { from: range.from, to: range.to });
        const sum = (k: 'turnover' | 'ggr' | 'commissions' | 'players') =>
          report.data.list.reduce((s, l) => s + l[k], 0);
        expect({ turnover: sum('turnover'), ggr: sum('ggr'), commissions: sum('commissions') }).toEqual({
          turnover: pnl.data.totals.turnover,
          ggr: pnl.data.totals.ggr,
          commissions: pnl.data.totals.commissions,
        });
        expect(sum('players')).toBe(pnl.data.totals.players);

        // Once both days are closed, they are read from the cache: the same lines.
        t.clock.advance(DAY);
        expect((await adminCall(t.app, reportAdmin.agentTeamsReport, range)).data).toEqual(report.data);
      }),
      { numRuns: 4 },
    );
    // About 5 s on an idle machine; a CI run beside the browser tests took over 20.
  }, 60_000);
});
