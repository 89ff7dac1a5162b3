import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, queryRows, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import {
  openBetCounts,
  openBetsOfSelections,
  roundsWithOpenBets,
  settleBets,
  type PlayerStream,
} from '../bets/service.js';
import { refreshBook } from './book.js';
import { isFinal, type Score } from './book/state.js';
import { seedOf } from './fairness.js';
import { bookMoved } from './trading/news.js';
import { settleParlays, matchesWithOpenLegs } from './parlay/settle.js';
import { markets, matches, parlayLegs, selections, type MatchRow } from './tables.js';

/*
 * A selection gets its outcome in the transaction of the event that makes it certain (book.ts; a
 * match's end decides everything left). Its open bets are then settled by settleMatch, a batch of
 * them to a transaction, so a player's bet or withdrawal waits on one batch's rows at most, and a
 * crash loses one batch at most: what is left is settled again by the next settleMatch (after
 * every event that decided something, and every few seconds by resumeSettlements). The players
 * are split into SETTLE_STREAMS streams by id, each settling its players' bets batch after batch,
 * the streams side by side: they share no player's rows, so they never wait for each other, and
 * the database's cores each take one. docs/design.md §9.
 */

/** Bets settled in one transaction: a batch takes about a tenth of a second on PostgreSQL. */
export const SETTLE_BATCH = 500;

/** Streams of one match's settlement run at once. */
const SETTLE_STREAMS = 2;

/** Advisory lock class of a match's settlement streams: each stream's batches run one after another. */
export const SETTLE_LOCK = 7_204_814;

/**
 * Ends a scheduled or live match with its final score: finished, its seed revealed, every
 * market decided, in the caller's transaction; pages are told on commit. Returns its open bets, for
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

/** Cancels a match that has not finished: its seed revealed, what it had not decided void; settleMatch then refunds those bets. */
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
 * Settles the match's open bets on selections with an outcome, `batch` to a transaction, until
 * none is left: what was settled before is left alone, so a re-run pays nothing twice, and runs
 * at once take turns batch by batch, stream by stream. Then the parlay legs on them take their
 * outcomes, and the slips that decides settle (parlay/settle.ts). Then the selections without an
 * open bet or leg are marked settled. Returns the bets it settled.
 */
export async function settleMatch(
  ctx: AppContext,
  matchId: number,
  batch = SETTLE_BATCH,
  turn: Turn = 'wait',
): Promise<number> {
  const streams = Array.from({ length: SETTLE_STREAMS }, (_, index) => ({ of: SETTLE_STREAMS, index }));
  const settled = await Promise.all(streams.map((stream) => settleStream(ctx, matchId, stream, batch, turn)));
  const slips = await settleParlays(ctx, matchId, batch);
  await inTransaction(ctx.db, (tx) => markSettled(tx, matchId));
  return settled.reduce((sum, n) => sum + n, slips);
}

/**
 * What a stream does when another run of it holds its lock: an event's run waits its turn (what
 * that event decided is settled before the run ends); the resume ticker's leaves the work to the
 * run under way, which goes on until the stream has nothing left, instead of holding a
 * connection of the pool idle behind it.
 */
type Turn = 'wait' | 'skip';

async function settleStream(
  ctx: AppContext,
  matchId: number,
  stream: PlayerStream,
  batch: number,
  turn: Turn,
): Promise<number> {
  let settled = 0;
  for (;;) {
    const n = await inTransaction(ctx.db, (tx) => settleBatch(tx, ctx, matchId, stream, batch, turn));
    if (n === 'busy') return settled;
    settled += n;
    if (n < batch) return settled;
  }
}

/**
 * Every match with bets or parlay legs on decided selections still open, settled: after a crash, what
 * its settlement left. A stream that another run is settling is left to that run.
 */
export async function resumeSettlements(ctx: AppContext): Promise<void> {
  const rounds = [
    ...(await roundsWithOpenBets(ctx.db, 'taiqiu')).map(Number).filter(Number.isSafeInteger),
    ...(await matchesWithOpenLegs(ctx.db)),
  ];
  if (rounds.length === 0) return;
  const due = await ctx.db
    .selectDistinct({ id: markets.matchId })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .where(and(inArray(markets.matchId, rounds), isNotNull(selections.result), eq(selections.settled, false)));
  for (const { id } of due) await settleMatch(ctx, id, SETTLE_BATCH, 'skip');
}

/**
 * Run at start: matches that ended under a version of the book without outcomes per selection
 * and still have open bets get their outcomes now (from their final score), then settle.
 */
export async function decideEndedMatches(ctx: AppContext): Promise<void> {
  const rounds = (await roundsWithOpenBets(ctx.db, 'taiqiu')).map(Number).filter(Number.isSafeInteger);
  if (rounds.length === 0) return;
  const ended = await ctx.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(inArray(matches.id, rounds), inArray(matches.status, ['finished', 'cancelled'])));
  for (const { id } of ended) {
    await inTransaction(ctx.db, (tx) => refreshBook(tx, ctx, id));
    await settleMatch(ctx, id);
  }
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

/** The book decides every market of the ended match (book.ts); pages are told on commit. Returns its open bets. */
async function endMatch(tx: Tx, ctx: AppContext, match: MatchRow): Promise<number> {
  await refreshBook(tx, ctx, match.id);
  return (await openBetCounts(tx, 'taiqiu', [String(match.id)])).get(String(match.id)) ?? 0;
}

/**
 * One batch of the stream's open bets of the match on selections with an outcome, under the
 * stream's settlement lock, each by its selection's outcome (bets/settle.ts); busy when the lock is
 * held and the turn is to skip.
 */
async function settleBatch(
  tx: Tx,
  ctx: AppContext,
  matchId: number,
  stream: PlayerStream,
  limit: number,
  turn: Turn,
): Promise<number | 'busy'> {
  const lock = SETTLE_LOCK + stream.index;
  if (turn === 'wait') await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${lock}, ${matchId})`);
  else {
    const [taken] = await queryRows<{ got: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${lock}, ${matchId}) AS got`,
    );
    if (!taken?.got) return 'busy';
  }
  const decided = await tx
    .select({ id: selections.id, result: selections.result })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .where(and(eq(markets.matchId, matchId), isNotNull(selections.result), eq(selections.settled, false)));
  if (decided.length === 0) return 0;
  const [match] = await tx.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  // The score the bet was settled at (the final one once finished); none for an abandoned match.
  const result = match.status === 'cancelled' ? null : `${match.scoreA}:${match.scoreB}`;
  const outcomeOf = new Map(decided.map((d) => [d.id, d.result!]));
  const bets = await openBetsOfSelections(tx, 'taiqiu', String(matchId), [...outcomeOf.keys()], limit, stream);
  if (bets.length > 0) await bookMoved(ctx, tx, [matchId]);
  return settleBets(
    tx,
    ctx,
    bets.map((bet) => ({ bet, outcome: outcomeOf.get(bet.selectionId!)!, result })),
  );
}

/** The match's decided selections that no open bet is left on: settled, and no longer looked at. */
async function markSettled(tx: Tx, matchId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${selections} s SET settled = true
    FROM ${markets} m
    WHERE m.id = s.market_id AND m.match_id = ${matchId} AND s.result IS NOT NULL AND NOT s.settled
      AND NOT EXISTS (
        SELECT 1 FROM bets b
        WHERE b.game_type = 'taiqiu' AND b.round_id = ${String(matchId)} AND b.status = 'open' AND b.selection_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM ${parlayLegs} l WHERE l.selection_id = s.id AND l.result IS NULL)`);
}
