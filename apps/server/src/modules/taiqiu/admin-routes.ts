import type { FastifyInstance } from 'fastify';
import { ErrorCode, taiqiuAdmin } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { adminRoute } from '../admin/admin-route.js';
import { writeAudit } from '../admin/audit.js';
import { adminGuard, operatorOf } from '../admin/guard.js';
import { openBetCounts } from '../bets/service.js';
import { createMatch } from './matches.js';
import { holdMarket, setOdds, setScore } from './operator.js';
import { cancelMatch, finishMatch } from './settlement.js';
import { pageOfMatches, playersOf, toMarket, toMatchItem } from './views.js';

export interface TaiqiuAdminOptions {
  /** The operator token (the same as modules/admin's); without one every call is refused. */
  token: string | undefined;
}

/** Operator calls of billiards; every change is audited in its transaction. */
export async function taiqiuAdminRoutes(app: FastifyInstance, options: TaiqiuAdminOptions): Promise<void> {
  const { ctx } = app;
  const guard = adminGuard(options.token);

  /** Runs the change and its audit row in one transaction. */
  const audited = <T>(
    req: Parameters<typeof operatorOf>[0],
    action: string,
    target: string,
    payload: Record<string, unknown>,
    change: (tx: Db, ctx: AppContext) => Promise<T>,
  ) =>
    transaction(ctx.db, async (tx) => {
      const result = await change(tx, ctx);
      await writeAudit(tx, { operator: operatorOf(req), action, target, payload, at: ctx.now() });
      return result;
    });

  adminRoute(app, guard, taiqiuAdmin.matchesList, async (input) => {
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
  });

  adminRoute(app, guard, taiqiuAdmin.matchCreate, async (input, req) => {
    const minStake = input.minStake;
    const maxStake = input.maxStake;
    if (minStake !== undefined && maxStake !== undefined && minStake > maxStake) {
      throw new AppError(ErrorCode.BAD_REQUEST, 'stakeLimitsInvalid', undefined, { field: 'minStake' });
    }
    const match = await audited(req, 'taiqiu.match.create', `${input.playerA} vs ${input.playerB}`, input, (tx) =>
      createMatch(tx, ctx, { ...input, startAt: new Date(input.startAt), frameWinA: input.frameWinA ?? 0.5 }),
    );
    return { id: match.id };
  });

  adminRoute(app, guard, taiqiuAdmin.oddsSet, async (input, req) =>
    audited(req, 'taiqiu.odds.set', `selection ${input.selectionId}`, input, (tx) =>
      setOdds(tx, ctx, input.selectionId, input.odds),
    ),
  );
  adminRoute(app, guard, taiqiuAdmin.marketSuspend, async (input, req) =>
    audited(req, 'taiqiu.market.suspend', `market ${input.marketId}`, input, (tx) =>
      holdMarket(tx, ctx, input.marketId, true),
    ),
  );
  adminRoute(app, guard, taiqiuAdmin.marketOpen, async (input, req) =>
    audited(req, 'taiqiu.market.open', `market ${input.marketId}`, input, (tx) =>
      holdMarket(tx, ctx, input.marketId, false),
    ),
  );
  adminRoute(app, guard, taiqiuAdmin.scoreSet, async (input, req) =>
    audited(req, 'taiqiu.match.score', `match ${input.matchId}`, input, (tx) =>
      setScore(tx, ctx, input.matchId, { a: input.a, b: input.b }),
    ),
  );
  adminRoute(app, guard, taiqiuAdmin.matchResult, async (input, req) => {
    const settledBets = await audited(req, 'taiqiu.match.result', `match ${input.matchId}`, input, (tx) =>
      finishMatch(tx, ctx, input.matchId, { a: input.a, b: input.b }),
    );
    return { id: input.matchId, status: 'finished' as const, settledBets, at: ctx.now().toISOString() };
  });
  adminRoute(app, guard, taiqiuAdmin.matchCancel, async (input, req) => {
    const settledBets = await audited(req, 'taiqiu.match.cancel', `match ${input.matchId}`, input, (tx) =>
      cancelMatch(tx, ctx, input.matchId),
    );
    return { id: input.matchId, status: 'cancelled' as const, settledBets, at: ctx.now().toISOString() };
  });
}
