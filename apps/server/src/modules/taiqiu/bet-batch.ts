import type { taiqiu } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { callBatcher } from '../../platform/call-batcher.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { betPlan, placeTaiqiuBet, writeBet, type BetPlan } from './betting.js';
import { suspendAtLimit } from './trading/limits.js';
import { bookMoved } from './trading/news.js';

/*
 * Billiards bets placed in batches (docs/design.md §5, "Bets in batches"): bets that arrive while
 * others are being placed share one transaction, each checked and written by the same code as a
 * bet alone (betting.ts), so many bets cost one BEGIN, one house move and one COMMIT between them.
 * A bet its checks refuse is refused alone (they only read). Any other failure (a balance short
 * at the write, a request id placed meanwhile, a lock that deadlocked) undoes the batch, and each
 * of its bets is then placed alone, in the batch's order, as if never batched: a batch changes how fast bets go, never
 * what a bet answers. A connection lost mid-batch fails its bets, as it fails a bet alone.
 */

type BetInput = z.output<typeof taiqiu.betRequest>;
type BetCall = { userId: number; input: BetInput };
type BetAnswer = Awaited<ReturnType<typeof placeTaiqiuBet>>;

/** Batches in flight at once per process: under the pool's 10 connections, leaving room for other calls. */
const PARALLEL_BATCHES = 2;
/** The most bets a batch takes: its transaction holds their players' rows until it commits. */
const MAX_BATCH = 32;

const batchers = new WeakMap<AppContext, (call: BetCall) => Promise<BetAnswer>>();

/** Places a billiards bet (betting.ts's placeTaiqiuBet), in a batch with those placed at the same time. */
export function placeBatchedBet(ctx: AppContext, userId: number, input: BetInput): Promise<BetAnswer> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = callBatcher((calls: BetCall[]) => placeBets(ctx, calls), {
      parallel: PARALLEL_BATCHES,
      max: MAX_BATCH,
    });
    batchers.set(ctx, batcher);
  }
  return batcher({ userId, input });
}

const settled = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> =>
  p.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

/** The calls' indexes with their players in id order, the order a batch places them in. */
const byPlayer = (calls: BetCall[]) => calls.map((_, i) => i).sort((a, b) => calls[a]!.userId - calls[b]!.userId);

/** Each call placed alone, one after another in the batch's order: what the batch would have answered. */
async function alone(ctx: AppContext, calls: BetCall[]): Promise<PromiseSettledResult<BetAnswer>[]> {
  const answers: PromiseSettledResult<BetAnswer>[] = new Array(calls.length);
  for (const i of byPlayer(calls)) answers[i] = await settled(placeTaiqiuBet(ctx, calls[i]!.userId, calls[i]!.input));
  return answers;
}

/** Each call's answer, in the calls' order. */
export async function placeBets(ctx: AppContext, calls: BetCall[]): Promise<PromiseSettledResult<BetAnswer>[]> {
  if (calls.length === 1) return alone(ctx, calls);
  let placed: Awaited<ReturnType<typeof placeAll>>;
  try {
    placed = await inTransaction(ctx.db, (tx) => placeAll(tx, ctx, calls));
  } catch (err) {
    // Undone for sure (the database refused a statement, or a check threw before COMMIT): each
    // bet again alone. Else (the connection lost) whether it committed is not known: no retry.
    if (err instanceof AppError || pgErrorCode(err) !== undefined) return alone(ctx, calls);
    throw err;
  }
  for (const key of placed.atLimit) {
    const [matchId, marketId] = key.split(':').map(Number) as [number, number];
    await suspendAtLimit(ctx, matchId, marketId);
  }
  return placed.answers;
}

/**
 * The calls' bets in one transaction, their players in id order (two batches lock the players'
 * accounts in the same order, so they never deadlock on them): each answer, and the markets a bet
 * filled to the limit or found at it ("matchId:marketId").
 */
async function placeAll(tx: Tx, ctx: AppContext, calls: BetCall[]) {
  const answers: PromiseSettledResult<BetAnswer>[] = new Array(calls.length);
  const atLimit = new Set<string>();
  const matchIds = new Set<number>();
  for (const i of byPlayer(calls)) {
    const { userId, input } = calls[i]!;
    const market = `${input.matchId}:${input.marketId}`;
    let plan: BetPlan;
    try {
      plan = await betPlan(tx, ctx, userId, input);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.messageKey === 'marketAtLimit') atLimit.add(market);
      answers[i] = { status: 'rejected', reason: err };
      continue;
    }
    if (plan.kind === 'replay') {
      answers[i] = { status: 'fulfilled', value: plan.answer };
      continue;
    }
    const { answer, full } = await writeBet(tx, ctx, plan);
    if (full) atLimit.add(market);
    matchIds.add(plan.matchId);
    answers[i] = { status: 'fulfilled', value: answer };
  }
  await bookMoved(ctx, tx, matchIds);
  return { answers, atLimit };
}
