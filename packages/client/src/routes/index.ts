// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.

/** Where player calls live (the contracts' API_PREFIX) and operator calls (operatorCalls.ADMIN_PREFIX). */
export const API_PREFIX = '/api/v9';
export const ADMIN_PREFIX = '/api/admin';

export * as agent from './agent.js';
export * as agentReports from './agent-reports.js';
export * as agentsAdmin from './agents-admin.js';
export * as agentSettlementsAdmin from './agent-settlements-admin.js';
export * as auth from './auth.js';
export * as bets from './bets.js';
export * as cashout from './cashout.js';
export * as content from './content.js';
export * as contentAdmin from './content-admin.js';
export * as feedAdmin from './feed-admin.js';
export * as feedback from './feedback.js';
export * as feedbackAdmin from './feedback-admin.js';
export * as games from './games.js';
export * as gamesAdmin from './games-admin.js';
export * as inbox from './inbox.js';
export * as limits from './limits.js';
export * as limitsAdmin from './limits-admin.js';
export * as messagesAdmin from './messages-admin.js';
export * as operatorsAdmin from './operators-admin.js';
export * as payments from './payments.js';
export * as paymentsAdmin from './payments-admin.js';
export * as playerRiskAdmin from './player-risk-admin.js';
export * as playersAdmin from './players-admin.js';
export * as profile from './profile.js';
export * as promotions from './promotions.js';
export * as promotionsAdmin from './promotions-admin.js';
export * as rebates from './rebates.js';
export * as rebatesAdmin from './rebates-admin.js';
export * as report from './report.js';
export * as rewards from './rewards.js';
export * as rewardsAdmin from './rewards-admin.js';
export * as security from './security.js';
export * as securityAdmin from './security-admin.js';
export * as system from './system.js';
export * as systemAdmin from './system-admin.js';
export * as taiqiu from './taiqiu.js';
export * as taiqiuAdmin from './taiqiu-admin.js';
export * as vip from './vip.js';
export * as vipAdmin from './vip-admin.js';
export * as wallet from './wallet.js';
export * as wheelAdmin from './wheel-admin.js';
export * as withdrawals from './withdrawals.js';
export * as withdrawalsAdmin from './withdrawals-admin.js';
