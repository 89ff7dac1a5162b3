import type { taiqiu } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { betPlan, placeTaiqiuBet, writeBet, type BetPlan } from './betting.js';
import { suspendAtLimit } from './trading/limits.js';
import { bookMoved } from './trading/news.js';

/*
 * Billiards bets placed in batches (docs/design.md §5, "Money calls in batches"): bets that
 * arrive while others are being placed share one transaction, each checked and written by the
 * same code as a bet alone (betting.ts), in their players' id order. A bet its checks refuse is
 * refused alone (the checks only read); any other failure (a balance short at the write, a
 * request id placed meanwhile, a deadlock) places each bet of the batch alone, in that order.
 */

type BetInput = z.output<typeof taiqiu.betRequest>;
export type BetCall = { userId: number; input: BetInput };
type BetAnswer = Awaited<ReturnType<typeof placeTaiqiuBet>>;

/** Places a billiards bet (betting.ts's placeTaiqiuBet), in a batch with those placed at the same time. */
export const placeBatchedBet = (ctx: AppContext, userId: number, input: BetInput): Promise<BetAnswer> =>
  placeInBatches(ctx, { userId, input });

/** A batch of bets: each placed in its players' order; the markets they filled suspended once it committed. */
export function betBatch(ctx: AppContext): TransactionBatch<BetCall, BetAnswer> {
  // Markets a bet of the batch filled to the limit or found at it ("matchId:marketId").
  const atLimit = new Set<string>();
  return {
    order: (a, b) => a.userId - b.userId,
    each: (tx, call) => placeInBatch(tx, ctx, call, atLimit),
    alone: (call) => placeTaiqiuBet(ctx, call.userId, call.input),
    // Alone, each bet suspends its own market.
    committed: async () => {
      for (const key of atLimit) {
        const [matchId, marketId] = key.split(':').map(Number) as [number, number];
        await suspendAtLimit(ctx, matchId, marketId);
      }
    },
  };
}

const placeInBatches = batchedCalls(betBatch);

async function placeInBatch(
  tx: Tx,
  ctx: AppContext,
  { userId, input }: BetCall,
  atLimit: Set<string>,
): Promise<PromiseSettledResult<BetAnswer>> {
  const market = `${input.matchId}:${input.marketId}`;
  let plan: BetPlan;
  try {
    plan = await betPlan(tx, ctx, userId, input);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.messageKey === 'marketAtLimit') atLimit.add(market);
    return { status: 'rejected', reason: err };
  }
  if (plan.kind === 'replay') return { status: 'fulfilled', value: plan.answer };
  const { answer, full } = await writeBet(tx, ctx, plan);
  if (full) atLimit.add(market);
  await bookMoved(ctx, tx, [plan.matchId]);
  return { status: 'fulfilled', value: answer };
}
