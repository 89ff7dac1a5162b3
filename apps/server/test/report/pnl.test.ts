import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebates, reportAdmin, rewards, taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { localDayStart, localDate } from '../../src/platform/time-range.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { grantTestReward } from '../helpers/rewards.js';
import { fundedPlayer, newMatch, placeBet } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { providerBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * The operator's profit and loss (docs/design.md §9, "Reports") reconciles with the ledger: on
 * random activity within a day — billiards bets settled or void, provider rounds, rewards
 * claimed, rebates claimed — the day's turnover, GGR, bonuses, rebates and NGR equal what the
 * ledger's entries on players' cash say, whatever the report's grouping.
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

/** The site's day of now: its start and the next day's. */
function today() {
  const date = localDate(t.clock.now(), ZONE);
  const from = localDayStart(date, ZONE);
  return { date, from, to: new Date(from.getTime() + DAY) };
}

/** What the ledger's entries on players' cash in [from, to) add up to, per type. */
async function ledgerOf(range: { from: Date; to: Date }): Promise<Record<string, number>> {
  const rows = await queryRows<{ type: string; amount: string }>(
    t.db,
    sql`SELECT e.type, sum(e.amount)::text AS amount FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.kind = 'cash' AND e.created_at >= ${range.from.toISOString()}::timestamptz
          AND e.created_at < ${range.to.toISOString()}::timestamptz
        GROUP BY e.type`,
  );
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.amount)]));
}

const billiardsBet = fc.record({
  player: fc.integer({ min: 0, max: 2 }),
  pick: fc.constantFrom('a' as const, 'b' as const),
  stake: fc.integer({ min: 1_000, max: 20_000 }),
});
const activity = fc.record({
  bets: fc.array(billiardsBet, { minLength: 1, maxLength: 6 }),
  /** The match's score (best of 7), or cancelled: every bet void. */
  outcome: fc.oneof(
    fc.record({ a: fc.constant(4), b: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ a: fc.integer({ min: 0, max: 3 }), b: fc.constant(4) }),
    fc.constant('cancel' as const),
  ),
  rounds: fc.array(
    fc.record({
      player: fc.integer({ min: 0, max: 2 }),
      stake: fc.integer({ min: 100, max: 9_000 }),
      win: fc.nat(15_000),
    }),
    { maxLength: 3 },
  ),
  rewards: fc.array(
    fc.record({ player: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 100, max: 5_000 }) }),
    {
      maxLength: 2,
    },
  ),
  claimRebates: fc.boolean(),
});

const breakdown = async (range: { from: string; to: string }, by: reportAdmin.PnlDimension) =>
  (await adminCall(t.app, reportAdmin.pnlBreakdown, { ...range, by })).data;

/** Whether the profit and loss's caches of bets and of credits both hold the day. */
const isCached = async (date: string) =>
  (
    await queryRows(
      t.db,
      sql`SELECT 1 FROM report_bet_days_closed b JOIN report_credit_days_closed c USING (day) WHERE day = ${date}::date`,
    )
  ).length === 1;

describe('profit and loss', () => {
  it('reconciles with the ledger on random activity within a day (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(activity, async (act) => {
        t.clock.advance(DAY); // a day of its own
        const day = today();
        const players = [
          await fundedPlayer(t, 500_000),
          await fundedPlayer(t, 500_000),
          await fundedPlayer(t, 500_000),
        ];
        const match = await newMatch(t);
        for (const b of act.bets) {
          expect((await placeBet(t, players[b.player]!, match, 'winner', b.pick, b.stake)).code).toBe(200);
        }
        const settled =
          act.outcome === 'cancel'
            ? await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id })
            : await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, ...act.outcome });
        expect(settled.code, settled.msg).toBe(200);
        for (const r of act.rounds) await providerBet(t, provider, players[r.player]!, provider.slot, r.stake, r.win);
        for (const r of act.rewards) {
          const id = await grantTestReward(t, players[r.player]!.userId, { amount: r.amount });
          expect((await call(t.app, rewards.rewardReceive, { id }, { token: players[r.player]!.token })).code).toBe(
            200,
          );
        }
        if (act.claimRebates) for (const p of players) await call(t.app, rebates.rebateClaim, {}, { token: p.token });

        const ledger = await ledgerOf(day);
        const range = { from: day.from.toISOString(), to: day.to.toISOString() };
        const report = await adminCall(t.app, reportAdmin.pnlReport, { ...range, group: 'day' });
        expect(report.code, report.msg).toBe(200);
        const stakes = -(ledger.bet ?? 0);
        const paidBack = (ledger.payout ?? 0) + (ledger.refund ?? 0) + (ledger.cashout ?? 0);
        const expected = {
          turnover: stakes,
          payout: paidBack,
          ggr: stakes - paidBack,
          bonuses: ledger.bonus ?? 0,
          rebates: ledger.rebate ?? 0,
          commissions: ledger.commission ?? 0,
          dividends: ledger.dividend ?? 0,
        };
        const ngr = expected.ggr - expected.bonuses - expected.rebates - expected.commissions - expected.dividends;
        expect(report.data.totals).toMatchObject({ ...expected, ngr });
        expect(report.data.list).toEqual([{ period: day.date, ...report.data.totals }]);

        // By week and by month the same day's figures are the same.
        for (const group of ['week', 'month'] as const) {
          const grouped = await adminCall(t.app, reportAdmin.pnlReport, { ...range, group });
          expect(grouped.data.list).toHaveLength(1);
          expect(grouped.data.totals).toEqual(report.data.totals);
        }
        // The match's line holds the billiards bets; the game types' lines add up to the whole.
        const byMatch = await adminCall(t.app, reportAdmin.pnlBreakdown, { ...range, by: 'match' });
        const stakesOnMatch = act.bets.reduce((sum, b) => sum + b.stake, 0);
        expect(byMatch.data.list).toEqual([
          expect.objectContaining({ key: String(match.id), gameType: 'taiqiu', turnover: stakesOnMatch }),
        ]);
        const byType = await adminCall(t.app, reportAdmin.pnlBreakdown, { ...range, by: 'game_type' });
        expect(byType.data.list.reduce((sum, r) => sum + r.ggr, 0)).toBe(expected.ggr);
        // By provider: the house's own billiards book, and the provider's rounds under its name.
        const byProvider = await adminCall(t.app, reportAdmin.pnlBreakdown, { ...range, by: 'provider' });
        const roundStakes = act.rounds.reduce((sum, r) => sum + r.stake, 0);
        expect(byProvider.data.list).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ key: 'taiqiu', turnover: stakesOnMatch }),
            ...(roundStakes > 0
              ? [
                  expect.objectContaining({
                    key: provider.id,
                    label: expect.stringMatching(/^Test games/),
                    turnover: roundStakes,
                  }),
                ]
              : []),
          ]),
        );

        // Once the day has closed, it is read from its cache (bets/report-days.ts): the same figures.
        const live = await Promise.all(reportAdmin.pnlDimensions.map((by) => breakdown(range, by)));
        t.clock.advance(DAY);
        const cached = await adminCall(t.app, reportAdmin.pnlReport, { ...range, group: 'day' });
        expect(await isCached(day.date)).toBe(true);
        expect(cached.data).toEqual(report.data);
        expect(await Promise.all(reportAdmin.pnlDimensions.map((by) => breakdown(range, by)))).toEqual(live);
      }),
      { numRuns: 8 },
    );
    // Eight random days of activity: 20 s was not enough on a loaded CI machine.
  }, 90_000);

  it('lists every period of the range, empty ones as 0, oldest first, with paging', async () => {
    const day = today();
    const from = new Date(day.from.getTime() - 9 * DAY).toISOString();
    const res = await adminCall(t.app, reportAdmin.pnlReport, {
      from,
      to: day.to.toISOString(),
      group: 'day',
      page: 2,
      pageSize: 4,
    });
    expect(res.data.total).toBe(10);
    expect(res.data.list.map((r) => r.period)).toEqual(
      [5, 4, 3, 2].map((n) => localDate(new Date(day.from.getTime() - n * DAY), ZONE)),
    );
    expect(res.data.timeZone).toBe(ZONE);
  });

  it('refuses a range in the wrong order or longer than a year, naming `to`', async () => {
    const day = today();
    const backwards = await adminCall(t.app, reportAdmin.pnlReport, {
      from: day.to.toISOString(),
      to: day.from.toISOString(),
    });
    expect(backwards).toMatchObject({ code: 400, data: { field: 'to' } });
    const long = await adminCall(t.app, reportAdmin.pnlReport, {
      from: new Date(day.from.getTime() - 400 * DAY).toISOString(),
      to: day.to.toISOString(),
    });
    expect(long).toMatchObject({ code: 400, data: { field: 'to' } });
    expect(long.msg).toContain('366');
  });
});
