import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ErrorCode, feed, type taiqiu, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { openBetCounts } from '../bets/service.js';
import { loadMatch, type MarketWithSelections } from './matches.js';
import { createMatch } from './new-match.js';
import { applyScoreByHand, numberEntryByHand } from './hand-entries.js';
import { holdMarket, lockedMatch, setMarketSettings, setOdds, settingsOf } from './operator.js';
import type { Score } from './book/state.js';
import { cancelMatch, finishMatch, settleMatch } from './settlement.js';
import { markets, matches, selections, type MatchRow } from './tables.js';
import { liabilityOf } from './trading/liability.js';
import { tradingRulesRow } from './trading/rules.js';
import { pageOfMatches, playersOf, toMarket, toMatchItem } from './views.js';

/* The operator's billiards calls: each change with its audit row, in one transaction. */

type In<K extends keyof typeof taiqiuAdmin> = (typeof taiqiuAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** Matches with every market, their open bets and (while they may be bet on) their liability, newest first. */
export async function listMatchesForOperator(ctx: AppContext, input: In<'matchesList'>) {
  const { rows, allMarkets, total } = await pageOfMatches(ctx.db, input);
  const [open, liability, book] = await Promise.all([
    openBetCounts(
      ctx.db,
      'taiqiu',
      rows.map((m) => String(m.id)),
    ),
    liabilityOf(
      ctx.db,
      rows.filter((m) => m.status === 'scheduled' || m.status === 'live').map((m) => m.id),
    ),
    tradingRulesRow(ctx.db),
  ]);
  const list = rows.map((m) => ({
    ...toMatchItem(m, allMarkets),
    markets: allMarkets
      .filter((k) => k.matchId === m.id)
      .map((k) => withResults(k, toMarket(k, playersOf(m), 'zh-CN'))),
    openBets: open.get(String(m.id)) ?? 0,
    marketSettings: settingsOf(m, book),
    acceptDelayMs: m.acceptDelayMs,
    cashoutOff: m.cashoutOff,
    liability: liability.get(m.id)?.worst ?? 0,
  }));
  return { list, total, page: input.page, pageSize: input.pageSize };
}

export async function operatorCreateMatch(ctx: AppContext, operator: string, input: In<'matchCreate'>) {
  const { minStake, maxStake } = input;
  if (minStake !== undefined && maxStake !== undefined && minStake > maxStake) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'stakeLimitsInvalid', undefined, { field: 'minStake' });
  }
  const match = await audited(
    ctx,
    operator,
    (tx) =>
      createMatch(tx, ctx, {
        ...input,
        startAt: new Date(input.startAt),
        frameWinA: input.frameWinA ?? 0.5,
        // Scored by hand: the console is the match's feed provider.
        feed: { providerId: feed.CONSOLE_PROVIDER, match: `op-${randomUUID()}`, seedHash: null },
      }),
    (made) => ({
      action: 'taiqiu.match.create',
      target: `${input.playerA} vs ${input.playerB}`,
      payload: input,
      before: null,
      after: {
        id: made.id,
        playerA: made.playerAName,
        playerB: made.playerBName,
        bestOf: made.bestOf,
        startAt: made.startAt.toISOString(),
        status: made.status,
      },
    }),
  );
  return { id: match.id };
}

/*
 * Each change below reads the state it changes in its own transaction, first with the match and
 * its markets locked (the order every writer follows), then again after the change. A missing
 * match, market or selection reads as null and the change itself answers 404.
 */

export const operatorSetOdds = (ctx: AppContext, operator: string, input: In<'oddsSet'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const before = await oddsOf(tx, input.selectionId, true);
      const market = await setOdds(tx, ctx, input.selectionId, input.odds);
      return { market, before, after: await oddsOf(tx, input.selectionId) };
    },
    ({ before, after }) => ({
      action: 'taiqiu.odds.set',
      target: `selection ${input.selectionId}`,
      payload: input,
      before,
      after,
    }),
  ).then(({ market }) => market);

export const operatorHoldMarket = (ctx: AppContext, operator: string, input: In<'marketSuspend'>, held: boolean) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const before = await marketStatusOf(tx, input.marketId, true);
      const market = await holdMarket(tx, ctx, input.marketId, held);
      return { market, before };
    },
    ({ market, before }) => ({
      action: held ? 'taiqiu.market.suspend' : 'taiqiu.market.open',
      target: `market ${input.marketId}`,
      payload: input,
      before,
      after: { status: market.status },
    }),
  ).then(({ market }) => market);

/** Switches a market type of the match off or on and sets its margin; the book re-prices at once. */
export const operatorSetMarkets = (ctx: AppContext, operator: string, input: In<'marketsSet'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const { match } = await lockedMatch(tx, input.matchId);
      const before = match.marketSettings[input.type] ?? {};
      const after = { ...before, off: input.off, marginBp: input.marginBp };
      await setMarketSettings(tx, ctx, match, input.type, after);
      return {
        before,
        after,
        settings: settingsOf(
          { ...match, marketSettings: { ...match.marketSettings, [input.type]: after } },
          await tradingRulesRow(tx),
        ),
      };
    },
    ({ before, after }) => ({
      action: 'taiqiu.markets.set',
      target: `match ${input.matchId} ${input.type}`,
      payload: input,
      before,
      after,
    }),
  ).then(({ settings }) => ({ id: input.matchId, marketSettings: settings }));

/** Sets how long a bet on the live match is pending before it is decided. */
export const operatorSetDelay = (ctx: AppContext, operator: string, input: In<'delaySet'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const { match } = await lockedMatch(tx, input.matchId);
      if (match.status !== 'scheduled' && match.status !== 'live') {
        throw new AppError(ErrorCode.CONFLICT, 'matchStateChanged', { status: match.status });
      }
      await tx.update(matches).set({ acceptDelayMs: input.delayMs }).where(eq(matches.id, input.matchId));
      return { before: match.acceptDelayMs };
    },
    ({ before }) => ({
      action: 'taiqiu.delay.set',
      target: `match ${input.matchId}`,
      payload: input,
      before: { acceptDelayMs: before },
      after: { acceptDelayMs: input.delayMs },
    }),
  ).then(() => ({ id: input.matchId, acceptDelayMs: input.delayMs }));

export const operatorSetScore = (ctx: AppContext, operator: string, input: In<'scoreSet'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const { match: row } = await lockedMatch(tx, input.matchId);
      const match = await applyScoreByHand(tx, ctx, row, { a: input.a, b: input.b });
      await enteredByOperator(tx, ctx, operator, row, 'score', match.score);
      return { match, before: stateOf(row) };
    },
    ({ match, before }) => ({
      action: 'taiqiu.match.score',
      target: `match ${input.matchId}`,
      payload: input,
      before,
      after: { status: match.status, score: match.score },
    }),
  ).then(async ({ match }) => {
    // The score may have decided some markets (a frame now played, a total passed): their bets settle.
    await settleMatch(ctx, input.matchId);
    return match;
  });

export async function operatorFinishMatch(ctx: AppContext, operator: string, input: In<'matchResult'>) {
  const score = { a: input.a, b: input.b };
  const settledBets = await endByOperator(ctx, operator, input, { action: 'taiqiu.match.result', score });
  return { id: input.matchId, status: 'finished' as const, settledBets, at: ctx.now().toISOString() };
}

export async function operatorCancelMatch(ctx: AppContext, operator: string, input: In<'matchCancel'>) {
  const settledBets = await endByOperator(ctx, operator, input, { action: 'taiqiu.match.cancel', score: null });
  return { id: input.matchId, status: 'cancelled' as const, settledBets, at: ctx.now().toISOString() };
}

type Ending = { action: 'taiqiu.match.result'; score: Score } | { action: 'taiqiu.match.cancel'; score: null };

/**
 * Finishes (with a score) or cancels the match, audited with the open bets it leaves, then
 * settles them in batches once that has committed. Returns the bets settled.
 */
async function endByOperator(
  ctx: AppContext,
  operator: string,
  input: { matchId: number } & Record<string, unknown>,
  ending: Ending,
): Promise<number> {
  const { matchId } = input;
  await audited(
    ctx,
    operator,
    async (tx) => {
      const { match: row } = await lockedMatch(tx, matchId);
      const { score } = ending;
      const openBets = score ? await finishMatch(tx, ctx, matchId, score) : await cancelMatch(tx, ctx, matchId);
      await enteredByOperator(tx, ctx, operator, row, score ? 'result' : 'cancel', score);
      return { openBets, before: stateOf(row), after: await matchStateOf(tx, matchId) };
    },
    ({ openBets, before, after }) => ({
      action: ending.action,
      target: `match ${matchId}`,
      payload: { ...input, openBets },
      before,
      after,
    }),
  );
  return settleMatch(ctx, matchId);
}

/**
 * Tells the match's feed log what the operator entered by hand, at the number the entry takes in
 * the match's sequence (hand-entries.ts). `before`: the match as locked before the entry.
 */
async function enteredByOperator(
  tx: Tx,
  ctx: AppContext,
  operator: string,
  before: MatchRow,
  entry: 'score' | 'result' | 'cancel',
  score: Score | null,
): Promise<void> {
  const place = await numberEntryByHand(tx, ctx, before);
  if (!place) return;
  await ctx.events.emit(tx, ctx, 'match.entered-by-operator', {
    matchId: before.id,
    ...place,
    entry,
    score,
    operator,
    at: ctx.now(),
  });
}

const stateOf = (m: MatchRow) => ({ status: m.status, score: { a: m.scoreA, b: m.scoreB } });

/** The match's status and score; `lock` locks it and its markets. */
async function matchStateOf(tx: Tx, matchId: number, lock = false) {
  const state = await loadMatch(tx, matchId, lock);
  return state && { status: state.match.status, score: { a: state.match.scoreA, b: state.match.scoreB } };
}

/** The market's status; `lock` locks its match and the match's markets first. */
async function marketStatusOf(tx: Tx, marketId: number, lock = false) {
  const [found] = await tx.select({ matchId: markets.matchId }).from(markets).where(eq(markets.id, marketId));
  if (!found) return null;
  const state = await loadMatch(tx, found.matchId, lock);
  const market = state?.markets.find((m) => m.id === marketId);
  return market ? { status: market.status } : null;
}

/** The selection's odds and whether the operator fixed them; `lock` locks its match and markets first. */
async function oddsOf(tx: Tx, selectionId: number, lock = false) {
  const [found] = await tx
    .select({ matchId: markets.matchId })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .where(eq(selections.id, selectionId));
  if (!found) return null;
  const state = await loadMatch(tx, found.matchId, lock);
  const sel = state?.markets.flatMap((m) => m.selections).find((x) => x.id === selectionId);
  return sel ? { odds: sel.oddsMilli / 1000, fixed: sel.oddsFixed } : null;
}

/** The match's liability per market and selection (trading/liability.ts); 404 for no such match. */
export async function matchLiabilityForOperator(ctx: AppContext, input: In<'liability'>) {
  const [match] = await ctx.db.select({ id: matches.id }).from(matches).where(eq(matches.id, input.matchId));
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound', undefined, { field: 'matchId' });
  const { worst, markets: byMarket } = (await liabilityOf(ctx.db, [match.id])).get(match.id)!;
  return { matchId: match.id, worst, markets: byMarket, at: ctx.now().toISOString() };
}

/** The market's selections with their outcomes (null: undecided), as the console's corrections start from them. */
function withResults(k: MarketWithSelections, market: taiqiu.Market): taiqiuAdmin.AdminMarket {
  const resultOf = new Map(k.selections.map((s) => [s.id, s.result]));
  return { ...market, selections: market.selections.map((s) => ({ ...s, result: resultOf.get(s.id) ?? null })) };
}
