/*
 * The agents module's public face (docs/design.md §8 Agents). What auth, payments and bets call from
 * inside their own transactions: where a registration places the player, the new player's agent
 * profile, the lifetime totals of deposits and valid bets, and the daily roll-ups the agent
 * reports read. Everything here writes this module's tables only (and reads the site's time
 * zone), so those modules may call it without an import cycle; the agent area's calls (which
 * read the tree through auth) are registered by routes.ts.
 */
export {
  checkOffer,
  fullRates,
  memberPlacement,
  openAgentProfile,
  profileOf,
  ratesWithin,
  type AgentTerms,
  type Placement,
} from './profiles.js';
export { linkPlacement } from './placement.js';
export { countDeposit, countValidBet } from './totals.js';
export { depositFigures, furtherWinFigures, rollUp, settledBetFigures, type RollupDelta } from './rollups.js';
