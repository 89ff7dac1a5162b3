import type { FastifyInstance } from 'fastify';
import { taiqiuAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import {
  listMatchesForOperator,
  matchLiabilityForOperator,
  operatorCancelMatch,
  operatorCreateMatch,
  operatorFinishMatch,
  operatorHoldMarket,
  operatorSetDelay,
  operatorSetMarkets,
  operatorSetOdds,
  operatorSetScore,
} from './console.js';
import { cashoutRulesOf, operatorSetCashoutRules, operatorSwitchCashout } from './cashout/rules.js';
import { afterMatchMoved } from './settle-soon.js';
import { operatorSetParlayRules, rulesOf } from './parlay/rules.js';
import { alertsForOperator, operatorAckAlert } from './trading/alerts.js';
import { operatorSetLimit } from './trading/match-limits.js';
import { operatorSetPlayerLimits, playerLimitsOf } from './trading/player-limits.js';
import { operatorSetTradingRules, tradingRulesOf } from './trading/rules.js';
import { tickerBets } from './trading/ticker.js';
import { bookExposure } from './trading/exposure.js';
import { correctionBetsLog, correctionsLog } from './corrections/log.js';
import {
  operatorApproveCorrection,
  operatorCreateCorrection,
  operatorRejectCorrection,
  previewCorrection,
} from './corrections/operator.js';

/** Operator calls of billiards (an area of the operator plugin, which guards them). */
export async function taiqiuAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, taiqiuAdmin.matchesList, async (input) => listMatchesForOperator(ctx, input));
  adminRoute(app, taiqiuAdmin.liability, async (input) => matchLiabilityForOperator(ctx, input));
  adminRoute(app, taiqiuAdmin.matchCreate, async (input, op) => operatorCreateMatch(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.marketsSet, async (input, op) => operatorSetMarkets(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.delaySet, async (input, op) => operatorSetDelay(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.oddsSet, async (input, op) => operatorSetOdds(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.marketSuspend, async (input, op) => operatorHoldMarket(ctx, op.name, input, true));
  adminRoute(app, taiqiuAdmin.marketOpen, async (input, op) => operatorHoldMarket(ctx, op.name, input, false));
  adminRoute(app, taiqiuAdmin.scoreSet, async (input, op) => operatorSetScore(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.matchResult, async (input, op) => operatorFinishMatch(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.matchCancel, async (input, op) => operatorCancelMatch(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.parlaySettings, async () => rulesOf(ctx.db));
  adminRoute(app, taiqiuAdmin.parlaySettingsSet, async (input, op) => operatorSetParlayRules(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.cashoutSettings, async () => cashoutRulesOf(ctx.db));
  adminRoute(app, taiqiuAdmin.cashoutSettingsSet, async (input, op) => operatorSetCashoutRules(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.tradingRules, async () => tradingRulesOf(ctx.db));
  adminRoute(app, taiqiuAdmin.tradingRulesSet, async (input, op) => operatorSetTradingRules(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.limitSet, async (input, op) => operatorSetLimit(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.playerLimits, async (input) => playerLimitsOf(ctx.db, input.userId));
  adminRoute(app, taiqiuAdmin.playerLimitsSet, async (input, op) => operatorSetPlayerLimits(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.alerts, async (input) => alertsForOperator(ctx, input));
  adminRoute(app, taiqiuAdmin.alertAck, async (input, op) => operatorAckAlert(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.ticker, async (input) => tickerBets(ctx.db, input));
  adminRoute(app, taiqiuAdmin.exposure, async () => bookExposure(ctx.db, ctx.now()));
  adminRoute(app, taiqiuAdmin.correctionPreview, async (input) => previewCorrection(ctx, input));
  adminRoute(app, taiqiuAdmin.correctionCreate, async (input, op) => operatorCreateCorrection(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.correctionApprove, async (input, op) => operatorApproveCorrection(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.correctionReject, async (input, op) => operatorRejectCorrection(ctx, op.name, input));
  adminRoute(app, taiqiuAdmin.corrections, async (input) => correctionsLog(ctx.db, input));
  adminRoute(app, taiqiuAdmin.correctionBets, async (input) => correctionBetsLog(ctx.db, input));
  adminRoute(app, taiqiuAdmin.cashoutSwitch, async (input, op, req) => {
    const switched = await operatorSwitchCashout(ctx, op.name, input);
    // Switched back on, automatic cash-outs its bets' values reach are taken without waiting for the feed.
    afterMatchMoved(ctx, input.matchId, false, req.log);
    return switched;
  });
}
