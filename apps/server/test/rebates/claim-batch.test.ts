import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, queryRows } from '../../src/platform/db.js';
import { runBatch } from '../../src/platform/transaction-batch.js';
import type { AppError } from '../../src/platform/errors.js';
import { claimBatch, claimRebate, type ClaimCall } from '../../src/modules/rebates/claim.js';
import { accrueRebate, rebateSummary } from '../../src/modules/rebates/service.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { lastIdOf, writersAfter } from '../helpers/batch-writers.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer, type Player } from '../helpers/wallet.js';

/*
 * Rebate claims in batches (modules/rebates/claim.ts): a batch runs each statement once for all its
 * claims, and answers each claim as it would have been answered alone in the batch's order (its
 * players in id order): paid, too soon (a claim before it, in the batch or earlier), or below the
 * minimum, with the same money. Claims made while others run share one transaction.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ scheduler: false });
});

afterAll(async () => {
  await expectLedgerOk(t.db);
  await t?.close();
});

/**
 * Slots valid bets accrued (VIP0: 50 bp): nothing, 50 cents (below the 100 minimum), 200, and 500
 * with a rest; most can claim, so that batches pay several players.
 */
const VALID_BETS = [0, 10_000, 40_000, 40_000, 100_001, 100_001];

let references = 0;

/** A player with `validBet` of slots accrued, after a claim of theirs `claimedBefore`. */
async function claimer(validBet: number, claimedBefore: boolean): Promise<Player> {
  const player = await newPlayer(t);
  const accrue = (amount: number) =>
    inTransaction(t.db, (tx) =>
      accrueRebate(tx, t.app.ctx, {
        userId: player.userId,
        gameType: 'slots',
        validBet: amount,
        reference: { table: 'claim_batch_test', id: (references += 1) },
      }),
    );
  if (claimedBefore) {
    await accrue(40_000);
    await claimRebate(t.app.ctx, player.userId, 'zh-CN');
  }
  if (validBet > 0) await accrue(validBet);
  return player;
}

/** An answer as a player sees it: what was paid and the balance, or the refusal. */
function seen(answer: PromiseSettledResult<{ amount: number; items: unknown; balance: number }>) {
  if (answer.status === 'fulfilled') {
    const { amount, items, balance } = answer.value;
    return { amount, items, balance };
  }
  const err = answer.reason as AppError;
  return { code: err.code, key: err.messageKey, params: err.params };
}

/** What a player has after: cash, and what the summary offers. */
async function stateOf(player: Player) {
  const summary = await rebateSummary(t.db, player.userId, t.app.ctx.now());
  return { cash: (await getCashBalance(t.db, player.userId)).balance, items: summary.items };
}

describe('rebate claims in batches', () => {
  it('answers each claim of a batch as alone in the batch order, repeats and refusals included, with the same money', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            validBet: fc.constantFrom(...VALID_BETS),
            claimedBefore: fc.constantFrom(false, false, false, true),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
        fc.constantFrom<ClaimCall['lang']>('zh-CN', 'en'),
        async (players, picks, lang) => {
          const world = async () => {
            const made: Player[] = [];
            for (const p of players) made.push(await claimer(p.validBet, p.claimedBefore));
            return { made, calls: picks.map((n) => ({ userId: made[n % made.length]!.userId, lang })) };
          };
          const [batched, alone] = [await world(), await world()];
          const batch = claimBatch(t.app.ctx);

          const before = await lastIdOf(t.db, 'rebate_claims');
          const batchAnswers = await runBatch(t.db, batched.calls, batch);
          // Written by the batch's one transaction: not undone and made again claim by claim.
          expect(await writersAfter(t.db, 'rebate_claims', before)).toBeLessThanOrEqual(1);
          const order = alone.calls.map((_, i) => i).sort((a, b) => batch.order(alone.calls[a]!, alone.calls[b]!));
          const aloneAnswers: PromiseSettledResult<Awaited<ReturnType<typeof claimRebate>>>[] = [];
          for (const i of order) aloneAnswers[i] = (await runBatch(t.db, [alone.calls[i]!], batch))[0]!;

          expect(batchAnswers.map(seen)).toEqual(aloneAnswers.map(seen));
          for (const [i, player] of batched.made.entries()) {
            expect(await stateOf(player)).toEqual(await stateOf(alone.made[i]!));
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 240_000);

  it('claims made while others run share one transaction and each of its statements', async () => {
    const players = await Promise.all(Array.from({ length: 24 }, () => claimer(40_000, false)));
    const answers = await Promise.all(players.map((p) => claimRebate(t.app.ctx, p.userId, 'zh-CN')));
    expect(answers.map((a) => [a.amount, a.balance])).toEqual(players.map(() => [200, 200]));
    const ids = sql.join(
      players.map((p) => sql`${p.userId}`),
      sql`, `,
    );
    const [claims] = await queryRows<{ rows: number; writers: number }>(
      t.db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS writers
          FROM rebate_claims WHERE user_id IN (${ids})`,
    );
    // Two start alone (MONEY_BATCHES); the other 22 wait for them and go together.
    expect(claims).toEqual({ rows: 24, writers: 3 });
    expect((await stateOf(players[0]!)).items.find((i) => i.gameType === 'slots')?.amount).toBe(0);
  });
});
