import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, parlay, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { fundedPlayer, newMatch, startTaiqiuApp } from '../helpers/taiqiu.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, cashOf } from '../helpers/withdrawals.js';

/*
 * Parlays end to end against the model: random slips (any system of 2 to 4 legs, picks of the
 * winner, handicap and total markets) on random matches, then each match finished with a random
 * score or cancelled, in a random order. Every slip's status, payout and valid bet must be what
 * the shared arithmetic (contracts/parlay.ts, itself checked against a reference in
 * parlay-model.test.ts) gives for the outcomes its legs' selections ended with; every player's
 * cash is what they were funded, less their stakes, plus their payouts; the ledger holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTaiqiuApp();
});
afterAll(() => t.close());

const FUNDS = 1_000_000;
const LEG_TYPES: taiqiu.MarketType[] = ['winner', 'handicap', 'total'];
/** The final scores a best-of-7 may end with; one match in three is cancelled (its legs void). */
const SCORES = [
  [4, 0],
  [4, 1],
  [4, 2],
  [4, 3],
  [0, 4],
  [1, 4],
  [2, 4],
  [3, 4],
] as const;
const endingArb = fc.oneof(
  { arbitrary: fc.constantFrom(...SCORES), weight: 2 },
  { arbitrary: fc.constant('cancel' as const), weight: 1 },
);

const slipArb = (matches: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: matches - 1 }), { minLength: 2, maxLength: Math.min(4, matches) })
    .chain((legMatches) =>
      fc.record({
        legs: fc.tuple(
          ...legMatches.map((m) =>
            fc.record({
              match: fc.constant(m),
              type: fc.constantFrom(...LEG_TYPES),
              pick: fc.integer({ min: 0, max: 1 }),
            }),
          ),
        ),
        system: fc.constantFrom(...parlay.systemsFor(legMatches.length)),
        unit: fc.integer({ min: 1_000, max: 5_000 }),
        player: fc.integer({ min: 0, max: 2 }),
      }),
    );

describe('parlays settled from random matches agree with the model', () => {
  it('every slip, every balance, the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 4 }).chain((n) =>
          fc.record({
            slips: fc.array(slipArb(n), { minLength: 1, maxLength: 6 }),
            endings: fc.array(endingArb, { minLength: n, maxLength: n }),
            order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
          }),
        ),
        async ({ slips, endings, order }) => {
          const players = await Promise.all([0, 1, 2].map(() => fundedPlayer(t, FUNDS)));
          const matches = await Promise.all(endings.map(() => newMatch(t)));
          const placed: { betNo: string; player: number }[] = [];
          for (const slip of slips) {
            const legs = slip.legs.map(({ match, type, pick }) => {
              const market = matches[match]!.markets.find((m) => m.type === type)!;
              const sel = market.selections[pick]!;
              return { matchId: matches[match]!.id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
            });
            const body = { legs, sizes: slip.system.sizes, unitStake: slip.unit };
            const res = await call(t.app, taiqiu.parlay, body, { token: players[slip.player]!.token });
            expect(res.code, res.msg).toBe(200);
            placed.push({ betNo: res.data.betNo, player: slip.player });
          }
          for (const i of order) {
            const ending = endings[i]!;
            const matchId = matches[i]!.id;
            const res =
              ending === 'cancel'
                ? await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId })
                : await adminCall(t.app, taiqiuAdmin.matchResult, { matchId, a: ending[0], b: ending[1] });
            expect(res.code, res.msg).toBe(200);
          }

          // Each leg's outcome as its selection ended (the book's own row).
          const outcomeOf = new Map(
            (
              await queryRows<{ id: string; result: 'won' | 'lost' | 'void' }>(
                t.db,
                sql`SELECT s.id, s.result FROM taiqiu_selections s JOIN taiqiu_markets m ON m.id = s.market_id
                    WHERE m.match_id IN (${sql.join(
                      matches.map((m) => sql`${m.id}`),
                      sql`, `,
                    )})`,
              )
            ).map((r) => [Number(r.id), r.result]),
          );
          const paid = [0, 0, 0];
          const staked = [0, 0, 0];
          for (const { betNo, player } of placed) {
            const res = await call(t.app, bets.betRecordDetails, { betNo }, { token: players[player]!.token });
            const slip = res.data.parlay!;
            const legs = slip.legs.map((l) => ({
              oddsMilli: Math.round(l.odds * 1000),
              result: outcomeOf.get(l.selectionId)!,
            }));
            expect(slip.legs.map((l) => l.result)).toEqual(legs.map((l) => l.result));
            const model = parlay.settleSlip(slip.unitStake, legs, slip.sizes)!;
            expect({ status: res.data.status, payout: res.data.payout, validBet: res.data.validBet }).toEqual({
              status: model.outcome,
              payout: model.payout,
              validBet: model.validBet,
            });
            paid[player]! += model.payout;
            staked[player]! += res.data.stake;
          }
          for (const [i, p] of players.entries()) {
            expect((await cashOf(t, p)).balance).toBe(FUNDS - staked[i]! + paid[i]!);
          }
          await expectLedgerOk(t.db);
        },
      ),
      { numRuns: 8 },
    );
    // About 8 s alone on PGlite; CI runs the browser tests beside it on two cores.
  }, 90_000);
});
