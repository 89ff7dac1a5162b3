import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, cashout, parlay, type taiqiu } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { newFeedProvider, postEvents, type TestFeed } from '../helpers/feed.js';
import { placeSlip, scheduleMatches, type Slip } from '../helpers/slips.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { fundedPlayer, startTaiqiuApp } from '../helpers/taiqiu.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { cashOf, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * Cash-out end to end against a model: random matches played through the feed, random singles and
 * parlays (N串1 and N串M) placed before they start, and partial, whole and automatic cash-outs at
 * random moments of play. Each manual cash-out pays its part's share of its quote; each automatic
 * one was taken at a value at least its amount; each bet then ends as the model says: cashed out
 * whole, or its running stake's share of what the whole stake settles for (its legs' outcomes as
 * the book decided them) plus what its cash-outs paid. Every balance is the model's; the ledger holds.
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

const pickArb = (matches: number) =>
  fc.record({
    match: fc.integer({ min: 0, max: matches - 1 }),
    type: fc.constantFrom(...TYPES),
    side: fc.integer({ min: 0, max: 1 }),
  });

/** A single, or a parlay on 2 or 3 of the matches with one of its systems. */
const betArb = (matches: number): fc.Arbitrary<Slip> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('single' as const),
      legs: fc.tuple(pickArb(matches)),
      stake: fc.integer({ min: 1_000, max: 20_000 }),
    }),
    fc.uniqueArray(fc.integer({ min: 0, max: matches - 1 }), { minLength: 2, maxLength: matches }).chain((on) =>
      fc.record({
        kind: fc.constant('parlay' as const),
        legs: fc.tuple(
          ...on.map((m) =>
            fc.record({ match: fc.constant(m), type: fc.constantFrom(...TYPES), side: fc.integer({ min: 0, max: 1 }) }),
          ),
        ),
        system: fc.constantFrom(...parlay.systemsFor(on.length)),
        stake: fc.integer({ min: 1_000, max: 5_000 }),
      }),
    ),
  );

/** At a moment of play (a share of the events posted), a cash-out of a part (quarters) or an automatic one (× stake). */
const actionArb = fc.record({
  at: fc.double({ min: 0, max: 0.95, noNaN: true }),
  bet: fc.nat(),
  kind: fc.oneof(
    fc.record({ type: fc.constant('part' as const), quarters: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ type: fc.constant('auto' as const), times: fc.double({ min: 0.2, max: 1.5, noNaN: true }) }),
  ),
});

interface Placed {
  betNo: string;
  player: TestPlayer;
  stake: number;
  /** A single's selection. */
  selectionId: number;
}

describe('cash-outs at random moments of random matches agree with the model', () => {
  it('every cash-out, every settlement, every balance, the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }).chain((n) =>
          fc.record({
            seeds: fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: n, maxLength: n }),
            slips: fc.array(betArb(n), { minLength: 1, maxLength: 5 }),
            actions: fc.array(actionArb, { maxLength: 8 }),
          }),
        ),
        async ({ seeds, slips, actions }) => {
          const players = [await fundedPlayer(t, FUNDS), await fundedPlayer(t, FUNDS)];
          const scheduled = await scheduleMatches(t, provider, seeds, { bestOf: 5, visits: [2, 4] });
          const { streams, matchIds } = scheduled;
          const placed: Placed[] = [];
          for (const [i, slip] of slips.entries()) {
            const player = players[i % 2]!;
            const { placed: bet, legs } = await placeSlip(t, player, slip, scheduled);
            placed.push({ betNo: bet.betNo, player, stake: bet.stake, selectionId: legs[0]!.selectionId });
          }

          // Play: the events in steps, the cash-outs due at each step between them.
          const manual = new Map<string, { stakePart: number; paid: number }[]>();
          const autoAt = new Map<string, number>();
          const STEPS = 10;
          for (let step = 1; step <= STEPS; step += 1) {
            for (const s of streams) {
              const from = Math.max(1, Math.floor(((step - 1) / STEPS) * s.length));
              const slice = s.slice(from, Math.floor((step / STEPS) * s.length));
              if (slice.length > 0) expect((await postEvents(t, provider, slice)).status).toBe(200);
            }
            for (const a of actions.filter((x) => Math.floor(x.at * STEPS) === step - 1)) {
              const bet = placed[a.bet % placed.length]!;
              const token = { token: bet.player.token };
              if (a.kind.type === 'auto') {
                const at = Math.max(1, Math.round(bet.stake * a.kind.times));
                const res = await call(t.app, cashout.auto, { betNo: bet.betNo, at }, token);
                if (res.code === 200) autoAt.set(bet.betNo, at);
                else expect(res.data).toEqual({ cashoutReason: 'settled' });
                continue;
              }
              const q = await call(t.app, cashout.quote, { betNo: bet.betNo }, token);
              if (q.code !== 200) {
                expect(q.code, q.msg).toBe(422);
                continue;
              }
              const running = q.data.runningStake;
              const part = a.kind.quarters === 4 ? running : Math.max(1, Math.floor((running * a.kind.quarters) / 4));
              const res = await call(
                t.app,
                cashout.cashout,
                { betNo: bet.betNo, quoteId: q.data.quoteId, stakePart: part },
                token,
              );
              if (res.code === 422) continue; // its share of the value rounds to nothing
              expect(res.code, res.msg).toBe(200);
              const paid = Number((BigInt(q.data.value) * BigInt(part)) / BigInt(running));
              expect(res.data).toMatchObject({ paid, stakePart: part, runningStake: running - part });
              manual.set(bet.betNo, [...(manual.get(bet.betNo) ?? []), { stakePart: part, paid }]);
            }
          }

          const outcomeOf = new Map(
            (
              await queryRows<{ id: string; result: 'won' | 'lost' | 'void' }>(
                t.db,
                sql`SELECT s.id, s.result FROM taiqiu_selections s JOIN taiqiu_markets m ON m.id = s.market_id
                    WHERE m.match_id IN (${sql.join(
                      matchIds.map((id) => sql`${id}`),
                      sql`, `,
                    )})`,
              )
            ).map((r) => [Number(r.id), r.result]),
          );
          const balance = new Map(players.map((p) => [p, FUNDS]));
          for (const bet of placed) {
            const res = await call(t.app, bets.betRecordDetails, { betNo: bet.betNo }, { token: bet.player.token });
            const record = res.data;
            const byHand = record.cashouts.filter((c) => !c.auto);
            const byAuto = record.cashouts.filter((c) => c.auto);
            expect(byHand.map(({ stakePart, paid }) => ({ stakePart, paid }))).toEqual(manual.get(bet.betNo) ?? []);
            // An automatic cash-out takes the whole running stake, at a value of at least its amount.
            expect(byAuto.length).toBeLessThanOrEqual(1);
            for (const c of byAuto) expect(c.paid).toBeGreaterThanOrEqual(autoAt.get(bet.betNo)!);
            const cashedStake = record.cashouts.reduce((sum, c) => sum + c.stakePart, 0);
            const cashedPaid = record.cashouts.reduce((sum, c) => sum + c.paid, 0);
            const cashedValid = record.cashouts.reduce(
              (sum, c) => sum + Math.min(c.stakePart, Math.abs(c.paid - c.stakePart)),
              0,
            );
            expect({ cashoutStake: record.cashoutStake, cashoutPaid: record.cashoutPaid }).toEqual({
              cashoutStake: cashedStake,
              cashoutPaid: cashedPaid,
            });
            const expected =
              cashedStake === bet.stake
                ? { status: 'cashout', payout: cashedPaid, validBet: cashedValid }
                : settledRest(record, bet, outcomeOf, { cashedStake, cashedPaid, cashedValid });
            expect({ status: record.status, payout: record.payout, validBet: record.validBet }).toEqual(expected);
            balance.set(bet.player, balance.get(bet.player)! - bet.stake + expected.payout);
          }
          for (const p of players) expect((await cashOf(t, p)).balance).toBe(balance.get(p));
          await expectLedgerOk(t.db);
        },
      ),
      { numRuns: 6 },
    );
  }, 180_000);
});

/** The model's end of a bet not cashed out whole: the running stake's share of the whole stake's settlement, plus its cash-outs. */
function settledRest(
  record: { odds: number | null; parlay: { unitStake: number; sizes: number[]; legs: taiqiu.ParlayLeg[] } | null },
  { stake, selectionId }: Placed,
  outcomeOf: Map<number, 'won' | 'lost' | 'void'>,
  { cashedStake, cashedPaid, cashedValid }: { cashedStake: number; cashedPaid: number; cashedValid: number },
) {
  const whole = record.parlay
    ? parlay.settleSlip(
        record.parlay.unitStake,
        record.parlay.legs.map((l) => ({
          oddsMilli: Math.round(l.odds * 1000),
          result: outcomeOf.get(l.selectionId)!,
        })),
        record.parlay.sizes,
      )!
    : singleSettlement(stake, Math.round(record.odds! * 1000), outcomeOf.get(selectionId)!);
  const running = stake - cashedStake;
  const share = (amount: number) => Number((BigInt(amount) * BigInt(running)) / BigInt(stake));
  const credit = whole.outcome === 'lost' ? 0 : share(whole.payout);
  return {
    status: whole.outcome === 'won' && credit === 0 ? 'lost' : whole.outcome,
    payout: credit + cashedPaid,
    validBet: share(whole.validBet) + cashedValid,
  };
}

/** A single's settlement by the rules text: a win pays floor(stake × odds), a void the stake; the valid bet the stake (below odds 1.5, what it won at most), none when void. */
function singleSettlement(stake: number, oddsMilli: number, outcome: 'won' | 'lost' | 'void') {
  if (outcome === 'void') return { outcome, payout: stake, validBet: 0 };
  const payout = outcome === 'won' ? Math.floor((stake * oddsMilli) / 1000) : 0;
  return { outcome, payout, validBet: oddsMilli < 1500 ? Math.min(stake, Math.abs(payout - stake)) : stake };
}
