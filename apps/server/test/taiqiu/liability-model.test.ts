import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashout, parlay, taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { placeSlip, scheduleMatches, type Slip } from '../helpers/slips.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { fundedPlayer, startTaiqiuApp } from '../helpers/taiqiu.js';
import { adminCall, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * The console's liability against a model (docs/design.md §9, "Liability"): random singles and
 * parlays (N串1 and N串M) on two matches, partial and whole cash-outs, then one match played to its
 * end. After every step each undecided selection's figures are the model's, worked out from what
 * was placed and cashed out: a single's running stake and its return on its selection; a parlay's
 * return if its undecided legs all win and its running stake, split evenly among those legs; net,
 * the return less the market's stakes; a market's worst, its largest net; a match's, their sum.
 */

let t: TestApp;
let provider: TestFeed;
beforeAll(async () => {
  t = await startTaiqiuApp();
  provider = await newFeedProvider(t);
});
afterAll(() => t.close());

const FUNDS = 1_000_000;
const TYPES: taiqiu.MarketType[] = ['winner', 'handicap', 'total'];

const legArb = (match: number) =>
  fc.record({ match: fc.constant(match), type: fc.constantFrom(...TYPES), side: fc.integer({ min: 0, max: 1 }) });

const slipArb: fc.Arbitrary<Slip> = fc.oneof(
  fc.record({
    kind: fc.constant('single' as const),
    legs: fc.tuple(fc.integer({ min: 0, max: 1 }).chain(legArb)),
    stake: fc.integer({ min: 1_000, max: 20_000 }),
  }),
  fc.record({
    kind: fc.constant('parlay' as const),
    legs: fc.tuple(legArb(0), legArb(1)),
    system: fc.constantFrom(...parlay.systemsFor(2)),
    stake: fc.integer({ min: 1_000, max: 5_000 }),
  }),
);

/** After the slip it follows, a cash-out of quarters of a bet's running stake (4: all of it). */
const cashoutArb = fc.record({ after: fc.nat(), bet: fc.nat(), quarters: fc.integer({ min: 1, max: 4 }) });

interface Leg {
  matchId: number;
  marketId: number;
  selectionId: number;
  oddsMilli: number;
}

interface Placed {
  betNo: string;
  player: TestPlayer;
  stake: number;
  cashed: number;
  legs: Leg[];
  /** A parlay's system and unit stake. */
  system: { unit: number; sizes: number[] } | null;
}

interface Exposure {
  bets: number;
  stake: number;
  payout: number;
}

/** The model: each undecided selection's exposure, from the bets as placed and cashed out. */
function modelExposures(placed: Placed[], results: Map<number, 'won' | 'lost' | 'void'>): Map<number, Exposure> {
  const on = new Map<number, Exposure>();
  const add = (selectionId: number, e: Exposure) => {
    const was = on.get(selectionId) ?? { bets: 0, stake: 0, payout: 0 };
    on.set(selectionId, { bets: was.bets + e.bets, stake: was.stake + e.stake, payout: was.payout + e.payout });
  };
  for (const bet of placed) {
    const running = bet.stake - bet.cashed;
    if (running === 0) continue;
    if (!bet.system) {
      const [leg] = bet.legs;
      if (results.has(leg!.selectionId)) continue;
      add(leg!.selectionId, { bets: 1, stake: running, payout: Math.floor((running * leg!.oddsMilli) / 1000) });
      continue;
    }
    const open = bet.legs.filter((l) => !results.has(l.selectionId));
    if (open.length === 0) continue;
    const best = parlay.settleSlip(
      bet.system.unit,
      bet.legs.map((l) => ({ oddsMilli: l.oddsMilli, result: results.get(l.selectionId) ?? ('won' as const) })),
      bet.system.sizes,
    )!.payout;
    const payout = Math.floor((best * running) / bet.stake);
    if (payout === 0) continue;
    for (const l of open) {
      add(l.selectionId, {
        bets: 1,
        stake: Math.floor(running / open.length),
        payout: Math.floor(payout / open.length),
      });
    }
  }
  return on;
}

async function selectionResults(matchIds: number[]): Promise<Map<number, 'won' | 'lost' | 'void'>> {
  const rows = await queryRows<{ id: string; result: 'won' | 'lost' | 'void' }>(
    t.db,
    sql`SELECT s.id, s.result FROM taiqiu_selections s JOIN taiqiu_markets m ON m.id = s.market_id
        WHERE m.match_id IN (${sql.join(
          matchIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND s.result IS NOT NULL`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.result]));
}

/** The undecided selections of the match's markets not closed, by market (ids in order). */
async function undecidedOf(matchId: number): Promise<Map<number, number[]>> {
  const rows = await queryRows<{ marketId: string; id: string }>(
    t.db,
    sql`SELECT s.market_id AS "marketId", s.id FROM taiqiu_selections s JOIN taiqiu_markets m ON m.id = s.market_id
        WHERE m.match_id = ${matchId} AND m.status <> 'closed' AND s.result IS NULL ORDER BY s.market_id, s.id`,
  );
  const by = new Map<number, number[]>();
  for (const r of rows) by.set(Number(r.marketId), [...(by.get(Number(r.marketId)) ?? []), Number(r.id)]);
  return by;
}

/** Every match's liability as the console reads it equals the model's. */
async function expectModel(matchIds: number[], placed: Placed[]): Promise<void> {
  const exposures = modelExposures(placed, await selectionResults(matchIds));
  for (const matchId of matchIds) {
    const res = await adminCall(t.app, taiqiuAdmin.liability, { matchId });
    expect(res.code, res.msg).toBe(200);
    const markets = [...(await undecidedOf(matchId))].map(([marketId, ids]) => {
      const rows = ids.map((selectionId) => ({ selectionId, ...(exposures.get(selectionId) ?? none) }));
      const stake = rows.reduce((sum, r) => sum + r.stake, 0);
      const selections = rows.map((r) => ({ ...r, net: r.payout - stake }));
      return { marketId, stake, worst: Math.max(...selections.map((s) => s.net)), selections };
    });
    const worst = markets.reduce((sum, m) => sum + m.worst, 0);
    expect({ worst: res.data.worst, markets: res.data.markets }).toEqual({ worst, markets });
    const listed = await adminCall(t.app, taiqiuAdmin.matchesList, { page: 1, pageSize: 50 });
    const row = listed.data.list.find((m) => m.id === matchId)!;
    expect(row.liability).toBe(['scheduled', 'live'].includes(row.status) ? worst : 0);
  }
}

const none: Exposure = { bets: 0, stake: 0, payout: 0 };

describe("the console's liability agrees with the model", () => {
  it('at every step: bets, cash-outs, a match played to its end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seeds: fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 })),
          slips: fc.array(slipArb, { minLength: 1, maxLength: 6 }),
          cashouts: fc.array(cashoutArb, { maxLength: 4 }),
        }),
        async ({ seeds, slips, cashouts }) => {
          const players = [await fundedPlayer(t, FUNDS), await fundedPlayer(t, FUNDS)];
          const scheduled = await scheduleMatches(t, provider, seeds, { bestOf: 5, visits: [2, 3] });
          const { streams, matchIds } = scheduled;
          const placed: Placed[] = [];
          await expectModel(matchIds, placed);

          for (const [i, slip] of slips.entries()) {
            const player = players[i % 2]!;
            const { placed: bet, legs } = await placeSlip(t, player, slip, scheduled);
            placed.push({
              betNo: bet.betNo,
              player,
              stake: bet.stake,
              cashed: 0,
              legs: legs.map((l) => ({ ...l, oddsMilli: Math.round(l.odds * 1000) })),
              system: slip.kind === 'parlay' ? { unit: slip.stake, sizes: slip.system.sizes } : null,
            });
            await expectModel(matchIds, placed);

            for (const c of cashouts.filter((x) => x.after % slips.length === i)) {
              const bet = placed[c.bet % placed.length]!;
              const token = { token: bet.player.token };
              const q = await call(t.app, cashout.quote, { betNo: bet.betNo }, token);
              if (q.code !== 200) continue; // cashed out whole already
              const running = q.data.runningStake;
              const part = c.quarters === 4 ? running : Math.max(1, Math.floor((running * c.quarters) / 4));
              const done = await call(
                t.app,
                cashout.cashout,
                { betNo: bet.betNo, quoteId: q.data.quoteId, stakePart: part },
                token,
              );
              if (done.code === 422) continue; // its share of the value rounds to nothing
              expect(done.code, done.msg).toBe(200);
              bet.cashed += part;
              await expectModel(matchIds, placed);
            }
          }

          // The first match played to its end: its markets close; parlays' legs on it are decided.
          expect((await postEvents(t, provider, streams[0]!.slice(1))).status).toBe(200);
          await expectModel(matchIds, placed);
        },
      ),
      { numRuns: 10 },
    );
  }, 240_000);
});
