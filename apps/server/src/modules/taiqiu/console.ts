import { ErrorCode, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { openBetCounts } from '../bets/service.js';
import { createMatch } from './matches.js';
import { holdMarket, setOdds, setScore } from './operator.js';
import { cancelMatch, finishMatch } from './settlement.js';
import { pageOfMatches, playersOf, toMarket, toMatchItem } from './views.js';

/* The operator's billiards calls: each change with its audit row, in one transaction. */

type In<K extends keyof typeof taiqiuAdmin> = (typeof taiqiuAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** Matches with every market and their open bets, newest first. */
export async function listMatchesForOperator(ctx: AppContext, input: In<'matchesList'>) {
  const { rows, allMarkets, total } = await pageOfMatches(ctx.db, input);
  const open = await openBetCounts(
    ctx.db,
    'taiqiu',
    rows.map((m) => String(m.id)),
  );
  const list = rows.map((m) => ({
    ...toMatchItem(m, allMarkets),
    markets: allMarkets.filter((k) => k.matchId === m.id).map((k) => toMarket(k, playersOf(m), 'zh-CN')),
    openBets: open.get(String(m.id)) ?? 0,
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
    (tx) => createMatch(tx, ctx, { ...input, startAt: new Date(input.startAt), frameWinA: input.frameWinA ?? 0.5 }),
    { action: 'taiqiu.match.create', target: `${input.playerA} vs ${input.playerB}`, payload: input },
  );
  return { id: match.id };
}

export const operatorSetOdds = (ctx: AppContext, operator: string, input: In<'oddsSet'>) =>
  audited(ctx, operator, (tx) => setOdds(tx, ctx, input.selectionId, input.odds), {
    action: 'taiqiu.odds.set',
    target: `selection ${input.selectionId}`,
    payload: input,
  });

export const operatorHoldMarket = (ctx: AppContext, operator: string, input: In<'marketSuspend'>, held: boolean) =>
  audited(ctx, operator, (tx) => holdMarket(tx, ctx, input.marketId, held), {
    action: held ? 'taiqiu.market.suspend' : 'taiqiu.market.open',
    target: `market ${input.marketId}`,
    payload: input,
  });

export const operatorSetScore = (ctx: AppContext, operator: string, input: In<'scoreSet'>) =>
  audited(ctx, operator, (tx) => setScore(tx, ctx, input.matchId, { a: input.a, b: input.b }), {
    action: 'taiqiu.match.score',
    target: `match ${input.matchId}`,
    payload: input,
  });

export async function operatorFinishMatch(ctx: AppContext, operator: string, input: In<'matchResult'>) {
  const settledBets = await audited(ctx, operator, (tx) => finishMatch(tx, ctx, input.matchId, input), {
    action: 'taiqiu.match.result',
    target: `match ${input.matchId}`,
    payload: input,
  });
  return { id: input.matchId, status: 'finished' as const, settledBets, at: ctx.now().toISOString() };
}

export async function operatorCancelMatch(ctx: AppContext, operator: string, input: In<'matchCancel'>) {
  const settledBets = await audited(ctx, operator, (tx) => cancelMatch(tx, ctx, input.matchId), {
    action: 'taiqiu.match.cancel',
    target: `match ${input.matchId}`,
    payload: input,
  });
  return { id: input.matchId, status: 'cancelled' as const, settledBets, at: ctx.now().toISOString() };
}
