import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportAdmin } from '@breakshot/contracts';
import { addDays, localDate, localDayStart } from '../../src/platform/time-range.js';
import { login } from '../helpers/agent-team.js';
import { registerTestProvider, type TestProvider } from '../helpers/provider.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deposit, providerBet } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The players report (docs/design.md §9, "Reports") against a model: random players register on
 * random days of a window, deposit and bet (provider rounds, settled at once) on random days
 * after, through the real calls as the clock moves; registrations, first deposits, conversion,
 * active players, each cohort's D1/D7/D30 and the top winners and losers are what the model
 * computes from the same plan.
 */

const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;
/** Registrations on days 0 … 4 of a window, activity up to its day 33; the report is read on day 34. */
const LAST_ACTIVE_DAY = 33;
const READ_DAY = 34;

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

/** Days are counted from the registration; the plan clips them to the window. */
const playerPlan = fc.record({
  registerDay: fc.integer({ min: 0, max: 4 }),
  deposits: fc.array(
    fc.record({ after: fc.integer({ min: 0, max: 30 }), amount: fc.integer({ min: 10_000, max: 90_000 }) }),
    { maxLength: 2 },
  ),
  bets: fc.array(
    fc.record({
      after: fc.oneof(fc.constantFrom(0, 1, 7, 30), fc.integer({ min: 0, max: 31 })),
      stake: fc.integer({ min: 100, max: 9_000 }),
      win: fc.oneof(fc.constant(0), fc.nat(20_000)),
    }),
    { maxLength: 4 },
  ),
});
type PlayerPlan = typeof playerPlan extends fc.Arbitrary<infer P> ? P : never;

type Step =
  | { day: number; kind: 'register'; who: number }
  | { day: number; kind: 'deposit'; who: number; amount: number }
  | { day: number; kind: 'bet'; who: number; stake: number; win: number };

/** Every action of the plan on its day of the window, in the order they happen. */
function stepsOf(plans: PlayerPlan[]): Step[] {
  const on = (p: PlayerPlan, after: number) => Math.min(p.registerDay + after, LAST_ACTIVE_DAY);
  const steps = plans.flatMap((p, who): Step[] => [
    { day: p.registerDay, kind: 'register', who },
    ...p.deposits.map((d) => ({ day: on(p, d.after), kind: 'deposit' as const, who, amount: d.amount })),
    ...p.bets.map((b) => ({ day: on(p, b.after), kind: 'bet' as const, who, stake: b.stake, win: b.win })),
  ]);
  // Stable: a player registers before acting on the same day.
  return steps.sort((a, b) => a.day - b.day || Number(b.kind === 'register') - Number(a.kind === 'register'));
}

/** What the report should say, from the steps alone (days of the window). */
function modelOf(plans: PlayerPlan[], steps: Step[]) {
  const firstDeposit = new Map<number, Step & { kind: 'deposit' }>();
  const active = new Map<number, Set<number>>(); // day → players
  const winLoss = new Map<number, { bets: number; turnover: number; payout: number }>();
  for (const s of steps) {
    if (s.kind === 'deposit' && !firstDeposit.has(s.who)) firstDeposit.set(s.who, s);
    if (s.kind !== 'bet') continue;
    active.set(s.day, (active.get(s.day) ?? new Set()).add(s.who));
    const w = winLoss.get(s.who) ?? { bets: 0, turnover: 0, payout: 0 };
    winLoss.set(s.who, { bets: w.bets + 1, turnover: w.turnover + s.stake, payout: w.payout + s.win });
  }
  const registeredOn = (day: number) => plans.flatMap((p, who) => (p.registerDay === day ? [who] : []));
  const activeOn = (day: number) => active.get(day) ?? new Set<number>();
  const retained = (day: number, after: number) =>
    day + after >= READ_DAY ? null : registeredOn(day).filter((who) => activeOn(day + after).has(who)).length;
  return { firstDeposit, activeOn, registeredOn, retained, winLoss };
}

describe('players report', () => {
  it('agrees with a model of random registrations, deposits and bets over 35 days (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(playerPlan, { minLength: 1, maxLength: 4 }), async (plans) => {
        // A window of its own: 40 days on from the last.
        const start = addDays(localDate(t.clock.now(), ZONE), 40);
        const dayOf = (n: number) => addDays(start, n);
        const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());
        const players: TestPlayer[] = [];
        const loggedInOn: number[] = [];
        /** The player, logged in again when the session may have expired (SESSION_TTL_MS: 10 days). */
        const player = async (s: Step) => {
          if (s.day - loggedInOn[s.who]! >= 9) {
            players[s.who]!.token = await login(t, players[s.who]!.username);
            loggedInOn[s.who] = s.day;
          }
          return players[s.who]!;
        };
        const steps = stepsOf(plans);
        for (const s of steps) {
          moveTo(new Date(localDayStart(dayOf(s.day), ZONE).getTime() + 12 * HOUR));
          if (s.kind === 'register') {
            players[s.who] = await fundedPlayer(t, 1_000_000);
            loggedInOn[s.who] = s.day;
          } else if (s.kind === 'deposit') await deposit(t, await player(s), s.amount);
          else await providerBet(t, provider, await player(s), provider.slot, s.stake, s.win);
        }
        const model = modelOf(plans, steps);
        const range = {
          from: localDayStart(dayOf(0), ZONE).toISOString(),
          to: localDayStart(dayOf(READ_DAY), ZONE).toISOString(),
        };

        // Just after the last day ended (not closed yet, so computed live), then an hour on (cached).
        for (const at of [2 * 60_000, HOUR]) {
          moveTo(new Date(localDayStart(dayOf(READ_DAY), ZONE).getTime() + at));
          const cohorts = await adminCall(t.app, reportAdmin.retentionCohorts, { ...range, pageSize: 100 });
          expect(cohorts.code, cohorts.msg).toBe(200);
          expect(cohorts.data.list).toEqual(
            Array.from({ length: READ_DAY }, (_, n) => ({
              day: dayOf(n),
              registered: model.registeredOn(n).length,
              d1: model.retained(n, 1),
              d7: model.retained(n, 7),
              d30: model.retained(n, 30),
            })),
          );
        }

        const report = await adminCall(t.app, reportAdmin.playersReport, { ...range, pageSize: 100 });
        expect(report.code, report.msg).toBe(200);
        const figuresOn = (n: number) => {
          const registrations = model.registeredOn(n).length;
          const firsts = [...model.firstDeposit.values()].filter((d) => d.day === n);
          const converted = model.registeredOn(n).filter((who) => model.firstDeposit.get(who)?.day === n).length;
          return {
            registrations,
            firstDepositors: firsts.length,
            firstDeposits: firsts.reduce((sum, d) => sum + d.amount, 0),
            converted,
            conversionBp: registrations === 0 ? 0 : Math.floor((converted * 10_000) / registrations),
            activePlayers: model.activeOn(n).size,
          };
        };
        expect(report.data.list).toEqual(
          Array.from({ length: READ_DAY }, (_, n) => ({ period: dayOf(n), ...figuresOn(n) })),
        );
        const everyone = plans.length;
        const depositors = model.firstDeposit.size;
        expect(report.data.totals).toEqual({
          registrations: everyone,
          firstDepositors: depositors,
          firstDeposits: [...model.firstDeposit.values()].reduce((sum, d) => sum + d.amount, 0),
          converted: depositors,
          conversionBp: Math.floor((depositors * 10_000) / everyone),
          activePlayers: model.winLoss.size,
        });
        // By week and by month: the same range, the same totals.
        for (const group of ['week', 'month'] as const) {
          const grouped = await adminCall(t.app, reportAdmin.playersReport, { ...range, group });
          expect(grouped.data.totals).toEqual(report.data.totals);
        }

        const ranked = [...model.winLoss].map(([who, w]) => ({
          userId: players[who]!.userId,
          username: players[who]!.username,
          ...w,
          winLoss: w.payout - w.turnover,
        }));
        const byUser = (a: { userId: number }, b: { userId: number }) => a.userId - b.userId;
        const winners = ranked.filter((r) => r.winLoss > 0).sort((a, b) => b.winLoss - a.winLoss || byUser(a, b));
        const losers = ranked.filter((r) => r.winLoss < 0).sort((a, b) => a.winLoss - b.winLoss || byUser(a, b));
        for (const [side, expected] of [
          ['winners', winners],
          ['losers', losers],
        ] as const) {
          const top = await adminCall(t.app, reportAdmin.topPlayers, { ...range, side });
          expect(top.code, top.msg).toBe(200);
          expect(top.data.list).toEqual(expected);
        }
      }),
      { numRuns: 10 },
    );
    // Ten runs of up to four players' months: about 10 s alone, twice that beside other suites.
  }, 60_000);

  it('lists the top players a page at a time, at most `top` of them', async () => {
    const day = localDate(t.clock.now(), ZONE);
    const range = {
      from: localDayStart(addDays(day, -60), ZONE).toISOString(),
      to: localDayStart(addDays(day, 1), ZONE).toISOString(),
    };
    const all = await adminCall(t.app, reportAdmin.topPlayers, { ...range, side: 'losers', top: 100, pageSize: 100 });
    const second = await adminCall(t.app, reportAdmin.topPlayers, { ...range, side: 'losers', page: 2, pageSize: 2 });
    expect(second.data.total).toBe(Math.min(all.data.total, 20));
    expect(second.data.list).toEqual(all.data.list.slice(2, 4));
    const refused = await adminCall(t.app, reportAdmin.topPlayers, { ...range, top: 30 });
    expect(refused).toMatchObject({ code: 400, data: { field: 'top' } });
  });
});
