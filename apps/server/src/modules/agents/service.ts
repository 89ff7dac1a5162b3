/*
 * The agents module's public face (docs/design.md §8 Agents): what follows in it from other
 * modules' events (src/subscribers.ts) and what rebates call inside their own transactions — the
 * lifetime totals of deposits and valid bets and the daily roll-ups the agent reports read —
 * and the operator's players report's figures from those roll-ups (report/players.ts).
 * Everything here writes this module's tables only; registration and the agent area's calls are
 * registered by routes.ts.
 */
export { countDeposits, countValidBets } from './totals.js';
export {
  depositFigures,
  furtherWinFigures,
  rollUp,
  rollUpAll,
  settledBetFigures,
  type RollupDelta,
} from './rollups.js';
export { playerFiguresByPeriod, topWinLoss, type DayRange, type PeriodPlayers } from './player-figures.js';
export { retentionCohorts, type Cohort } from './player-cohorts.js';
