import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bets, gamesAdmin } from '@breakshot/contracts';
import {
  balanceOf,
  betRequest,
  registerTestProvider,
  rollbackRequest,
  seatPlayer,
  sendProvider,
  units,
  winRequest,
  type TestProvider,
} from '../helpers/provider.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * For any sequence of bets, wins, rollbacks and repeats over two rounds, what the player is
 * credited and what is held add up to what the provider won, and no round is credited more than
 * its limit times the stakes it keeps.
 */

const MULTIPLE = 2;

type Op =
  | { op: 'bet'; round: number; cents: number }
  | { op: 'win'; bet: number; cents: number; subCent: number }
  | { op: 'rollback'; bet: number }
  | { op: 'again'; nth: number };

const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('bet' as const),
        round: fc.constantFrom(0, 0, 1),
        cents: fc.integer({ min: 100, max: 1_000 }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('win' as const),
        bet: fc.nat(3),
        cents: fc.integer({ min: 0, max: 6_000 }),
        subCent: fc.nat(999),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('rollback' as const), bet: fc.nat(3) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('again' as const), nth: fc.nat(20) }) },
  ),
  { minLength: 1, maxLength: 10 },
);

describe('win limits, for any sequence', () => {
  let t: TestApp;
  let p: TestProvider;
  let run = 0;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    p = await registerTestProvider(t);
    const res = await adminCall(t.app, gamesAdmin.gameSave, {
      code: p.slot,
      providerId: p.id,
      name: '测试老虎机',
      nameEn: 'Test Slot',
      gameType: 'slots',
      image: '',
      sort: 1,
      maxWinMultiple: MULTIPLE,
    });
    expect(res.code, res.msg).toBe(200);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('credited + held = won, and credited ≤ limit × stakes in every round', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        run += 1;
        const start = 1_000_000;
        const { player, r } = await seatPlayer(t, start, p.slot);
        const rounds = [`run${run}-a`, `run${run}-b`];
        const placed: ReturnType<typeof betRequest>[] = [];
        const sent: {
          name: 'transaction/bet' | 'transaction/win' | 'transaction/rollback';
          body: object;
          answer: object;
        }[] = [];
        let won = 0;
        const send = async (name: (typeof sent)[number]['name'], body: object) => {
          const { answer } = await sendProvider(t, p, name, body);
          sent.push({ name, body, answer });
          return answer;
        };
        for (const op of sequence) {
          if (op.op === 'bet') {
            const bet = betRequest({ ...r, round: rounds[op.round] }, units(op.cents));
            placed.push(bet);
            await send('transaction/bet', bet);
          } else if (op.op === 'win' && placed.length) {
            const bet = placed[op.bet % placed.length]!;
            const answer = await send('transaction/win', winRequest(bet, units(op.cents) + op.subCent));
            if (answer.status === 'RS_OK') won += op.cents;
          } else if (op.op === 'rollback' && placed.length) {
            const bet = placed[op.bet % placed.length]!;
            await send('transaction/rollback', rollbackRequest({ ...r, round: bet.round }, bet.transaction_uuid));
          } else if (op.op === 'again' && sent.length) {
            // The same transaction again: the same answer, nothing more credited or held.
            const earlier = sent[op.nth % sent.length]!;
            const { answer } = await sendProvider(t, p, earlier.name, earlier.body);
            expect(answer).toEqual(earlier.answer);
          }
        }

        const records = (await call(t.app, bets.betRecordList, { page: 1, pageSize: 100 }, { token: player.token }))
          .data.list;
        const details = await Promise.all(
          records.map(async (b) => ({
            ...b,
            round: (await call(t.app, bets.betRecordDetails, { betNo: b.betNo }, { token: player.token })).data.roundId,
          })),
        );
        const kept = details.filter((b) => b.status !== 'void');
        const stakes = kept.reduce((sum, b) => sum + b.stake, 0);
        const credited = (await balanceOf(t, player)) - start + stakes;
        const held = (
          await adminCall(t.app, gamesAdmin.heldWinsList, { page: 1, pageSize: 100, username: player.username })
        ).data.list.reduce((sum, h) => sum + h.amount, 0);
        expect(credited + held).toBe(won);
        expect(kept.reduce((sum, b) => sum + b.payout, 0)).toBe(credited);
        for (const round of rounds) {
          const ofRound = kept.filter((b) => b.round === `${p.id}:${round}`);
          const roundCredited = ofRound.reduce((sum, b) => sum + b.payout, 0);
          expect(roundCredited).toBeLessThanOrEqual(MULTIPLE * ofRound.reduce((sum, b) => sum + b.stake, 0));
        }
      }),
      {
        numRuns: 100,
        // A round credited up to its limit, then one of its open bets rolled back.
        examples: [
          [
            [
              { op: 'bet', round: 0, cents: 100 },
              { op: 'bet', round: 0, cents: 100 },
              { op: 'win', bet: 1, cents: 201, subCent: 0 },
              { op: 'rollback', bet: 0 },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
