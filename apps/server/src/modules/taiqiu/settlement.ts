import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, queryRows, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { openBetCounts, openBetsOfRound, roundsWithOpenBets, settleBet } from '../bets/service.js';
import { seedOf } from './fairness.js';
import { publishMatch } from './matches.js';
import { isFinal, outcomeOf, type Score } from './pricing.js';
import { markets, matches, type MatchRow } from './tables.js';

/*
 * A match ends in its own transaction (finished or cancelled, markets closed, pages told on
 * commit); its open bets are then settled by settleMatch, a batch of them to a transaction, so a
 * player's bet or withdrawal waits on one batch's rows at most, and a crash loses one batch at most:
 * what is left is settled again by the next settleMatch (after every end, and every few seconds
 * by resumeSettlements). docs/design.md §9.
 */

/** Bets settled in one transaction. */
export const SETTLE_BATCH = 200;

/** Advisory lock class of a match's settlement: its batches run one after another. */
const SETTLE_LOCK = 7_204_814;

/**
 * Ends a scheduled or live match with its final score: finished, its seed revealed, markets
 * closed, in the caller's transaction; pages are told on commit. Returns its open bets, for
 * settleMatch to settle once this has committed.
 */
export async function finishMatch(tx: Tx, ctx: AppContext, matchId: number, score: Score): Promise<number> {
  const match = await lockRunning(tx, matchId);
  if (!isFinal(match.bestOf, score)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'matchScoreInvalid', scoreRule(match.bestOf), { field: 'a' });
  }
  const [ended] = await tx
    .update(matches)
    .set({
      status: 'finished',
      scoreA: score.a,
      scoreB: score.b,
      winner: score.a > score.b ? 'a' : 'b',
      serverSeed: seedOf(ctx.secrets, match),
      phase: null,
      nextStepAt: null,
      endedAt: ctx.now(),
    })
    .where(eq(matches.id, matchId))
    .returning();
  return endMatch(tx, ctx, ended!);
}

/** Cancels a match that has not finished: its seed revealed, markets closed; settleMatch then voids and refunds its bets. */
export async function cancelMatch(tx: Tx, ctx: AppContext, matchId: number): Promise<number> {
  const match = await lockRunning(tx, matchId);
  const [ended] = await tx
    .update(matches)
    .set({
      status: 'cancelled',
      serverSeed: seedOf(ctx.secrets, match),
      phase: null,
      nextStepAt: null,
      endedAt: ctx.now(),
    })
    .where(eq(matches.id, matchId))
    .returning();
  return endMatch(tx, ctx, ended!);
}

/**
 * Settles the open bets of an ended match, `batch` to a transaction, until none is left: what
 * was settled before is left alone, so a re-run pays nothing twice, and runs at once take turns
 * batch by batch. A match not ended settles nothing. Returns the bets it settled.
 */
export async function settleMatch(ctx: AppContext, matchId: number, batch = SETTLE_BATCH): Promise<number> {
  let settled = 0;
  for (;;) {
    const n = await inTransaction(ctx.db, (tx) => settleBatch(tx, ctx, matchId, batch));
    settled += n;
    if (n < batch) return settled;
  }
}

/** Every ended match with bets still open, settled: after a crash, what its settlement left. */
export async function resumeSettlements(ctx: AppContext): Promise<void> {
  const rounds = (await roundsWithOpenBets(ctx.db, 'taiqiu')).map(Number).filter(Number.isSafeInteger);
  if (rounds.length === 0) return;
  const ended = await ctx.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(inArray(matches.id, rounds), inArray(matches.status, ['finished', 'cancelled'])));
  for (const { id } of ended) await settleMatch(ctx, id);
}

/**
 * Run at start: matches the simulator of earlier versions was playing when the demo feed
 * (modules/demo-feed) replaced it. Nothing plays them on, so each is cancelled in its own
 * transaction, its bets void and refunded, and the log says so.
 */
export async function cancelSimulatedMatches(ctx: AppContext, log?: FastifyBaseLogger): Promise<void> {
  const stranded = await ctx.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.simulated, true), inArray(matches.status, ['scheduled', 'live'])));
  for (const { id } of stranded) {
    await inTransaction(ctx.db, (tx) => cancelMatch(tx, ctx, id));
    await settleMatch(ctx, id);
  }
  if (stranded.length > 0) {
    log?.warn(
      { matches: stranded.map((m) => m.id) },
      'unfinished matches of the old simulator cancelled, bets refunded',
    );
  }
}

export const scoreRule = (bestOf: number) => ({ bestOf, need: (bestOf + 1) / 2 });

async function lockRunning(tx: Tx, matchId: number): Promise<MatchRow> {
  const [match] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  if (match.status !== 'scheduled' && match.status !== 'live') {
    throw new AppError(ErrorCode.CONFLICT, 'matchStateChanged', { status: match.status });
  }
  return match;
}

async function endMatch(tx: Tx, ctx: AppContext, match: MatchRow): Promise<number> {
  await tx.update(markets).set({ status: 'closed' }).where(eq(markets.matchId, match.id));
  await publishMatch(tx, ctx, match.id);
  return (await openBetCounts(tx, 'taiqiu', [String(match.id)])).get(String(match.id)) ?? 0;
}

/**
 * One batch of an ended match's open bets, under the match's settlement lock. Finished: each bet
 * by its market's outcome on the final score; cancelled: every bet void.
 */
async function settleBatch(tx: Tx, ctx: AppContext, matchId: number, limit: number): Promise<number> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK}, ${matchId})`);
  const [match] = await tx.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  if (match.status !== 'finished' && match.status !== 'cancelled') return 0;
  const final = { a: match.scoreA, b: match.scoreB };
  const result = match.status === 'finished' ? `${final.a}:${final.b}` : null;
  const outcomes = (await openBetsOfRound(tx, 'taiqiu', String(match.id), limit)).map((bet) => ({
    bet,
    outcome:
      match.status === 'cancelled' || !bet.marketType || !bet.pick
        ? ('void' as const)
        : outcomeOf(bet.marketType, bet.line, bet.pick, final),
  }));
  // Bets that pay (won, void) first: each locks its player's cash account before any of that
  // player's turnover, rebate and VIP rows, the order a deposit or a claim takes them in, so the
  // two never wait for each other (a lost bet locks those rows only, never the cash account).
  // Within each, by player: two matches' batches take a player's rows in one order.
  outcomes.sort((x, y) => Number(x.outcome === 'lost') - Number(y.outcome === 'lost') || x.bet.userId - y.bet.userId);
  let settled = 0;
  for (const { bet, outcome } of outcomes) {
    if (await settleBet(tx, ctx, bet, outcome, result)) settled += 1;
  }
  return settled;
}
