import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { taiqiu } from '@breakshot/contracts';
import { AppError } from '../../src/platform/errors.js';
import { queryRows } from '../../src/platform/db.js';
import { betBatch, placeBatchedBet, type BetCall } from '../../src/modules/taiqiu/bet-batch.js';
import { runBatch } from '../../src/platform/transaction-batch.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import type { TestApp } from '../helpers/test-app.js';
import { fundedPlayer, newMatch, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/*
 * Billiards bets in batches (modules/taiqiu/bet-batch.ts): a batch answers each bet what the bet
 * would have answered placed alone, in the batch's order (its players in id order), and moves the
 * same money; bets that go together share one transaction.
 */

type Match = taiqiu.MatchDetails;

let t: TestApp;

beforeAll(async () => {
  t = await startTaiqiuApp();
});

afterAll(async () => {
  await t?.close();
});

/** The calls placed as one batch (two or more together, one alone): each answer. */
const placeBets = (calls: BetCall[]) => runBatch(t.db, calls, betBatch(t.app.ctx));

/** One generated bet: whose, on what, how much, and its request id (a slot, so that two may share one). */
interface BetSpec {
  player: number;
  pick: 'a' | 'b' | 'missing';
  stake: number;
  oddsOff: boolean;
  request: number | null;
}

const betSpec = (players: number) =>
  fc.record({
    player: fc.integer({ min: 0, max: players - 1 }),
    pick: fc.constantFrom('a' as const, 'b' as const, 'missing' as const),
    // 500: below the market's minimum stake.
    stake: fc.constantFrom(500, 1_000, 2_000, 3_500),
    oddsOff: fc.boolean(),
    request: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  });

/** The bets of `specs` for these players on this match, as the route hands them to the batch. */
function callsOf(specs: BetSpec[], players: TestPlayer[], match: Match, requestIds: string[]) {
  return specs.map((s) => {
    const { market, sel } = selectionOf(match, 'winner', s.pick === 'missing' ? 'a' : s.pick);
    return {
      userId: players[s.player]!.userId,
      input: {
        matchId: match.id,
        marketId: market.id,
        selectionId: s.pick === 'missing' ? sel.id + 10_000 : sel.id,
        stake: s.stake,
        odds: s.oddsOff ? sel.odds + 0.5 : sel.odds,
        ...(s.request === null ? {} : { requestId: requestIds[s.request] }),
      },
    };
  });
}

/** What a player sees of an answer (a bet number differs between two placings of one bet). */
function seen(answer: PromiseSettledResult<{ betNo: string }>) {
  if (answer.status === 'rejected') {
    return { refused: answer.reason instanceof AppError ? answer.reason.messageKey : String(answer.reason) };
  }
  const { betNo: _betNo, ...rest } = answer.value;
  return rest;
}

async function playersWith(balances: number[]): Promise<TestPlayer[]> {
  const players: TestPlayer[] = [];
  for (const cents of balances) players.push(await fundedPlayer(t, cents));
  return players;
}

/** Each player's cash balance. */
const balancesOf = (players: TestPlayer[]) =>
  Promise.all(players.map(async (p) => (await getCashBalance(t.db, p.userId)).balance));

/** The transactions that wrote these players' bets. */
async function writersOf(players: TestPlayer[]): Promise<number> {
  const ids = sql.join(
    players.map((p) => sql`${p.userId}`),
    sql`, `,
  );
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(DISTINCT xmin::text)::int AS n FROM bets WHERE user_id IN (${ids})`,
  );
  return row?.n ?? 0;
}

describe('billiards bets in batches', () => {
  it('answers each bet of a batch as it would have been answered alone, in the batch order, and moves the same money', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6_000 }), { minLength: 2, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
        async (balances, seeds) => {
          const specs = seeds.map((n) => fc.sample(betSpec(balances.length), { seed: n, numRuns: 1 })[0]!);
          const requestIds = [randomUUID(), randomUUID(), randomUUID()];
          // Two matches alike and two sets of players alike: one batch, and the same bets alone.
          const [batchMatch, aloneMatch] = [await newMatch(t), await newMatch(t)];
          const [batchPlayers, alonePlayers] = [await playersWith(balances), await playersWith(balances)];

          const batched = await placeBets(callsOf(specs, batchPlayers, batchMatch, requestIds));
          const aloneCalls = callsOf(specs, alonePlayers, aloneMatch, requestIds);
          const order = aloneCalls.map((_, i) => i).sort((a, b) => aloneCalls[a]!.userId - aloneCalls[b]!.userId);
          const alone: PromiseSettledResult<{ betNo: string }>[] = new Array(specs.length);
          for (const i of order) alone[i] = (await placeBets([aloneCalls[i]!]))[0]!;

          expect(batched.map(seen)).toEqual(alone.map(seen));
          expect(await balancesOf(batchPlayers)).toEqual(await balancesOf(alonePlayers));
        },
      ),
      { numRuns: 12 },
    );
    await expectLedgerOk(t.db);
  }, 240_000);

  it('writes the bets that arrive while others are placed in one transaction', async () => {
    const match = await newMatch(t);
    const players = await playersWith(Array.from({ length: 24 }, () => 10_000));
    const { market, sel } = selectionOf(match, 'winner', 'a');
    const input = { matchId: match.id, marketId: market.id, selectionId: sel.id, stake: 1_000, odds: sel.odds };
    const answers = await Promise.all(players.map((p) => placeBatchedBet(t.app.ctx, p.userId, input)));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 'open'));
    expect(await balancesOf(players)).toEqual(players.map(() => 9_000));
    // Two start alone (transaction-batch.ts's MONEY_BATCHES); the other 22 wait for them and go together.
    expect(await writersOf(players)).toBe(3);
    await expectLedgerOk(t.db);
  });
});
