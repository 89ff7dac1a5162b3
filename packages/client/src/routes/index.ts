// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.

/** Where player calls live (the contracts' API_PREFIX) and operator calls (admin.ADMIN_PREFIX). */
export const API_PREFIX = '/api/v9';
export const ADMIN_PREFIX = '/api/admin';

export * as admin from './admin.js';
export * as adminConsole from './admin-console.js';
export * as agent from './agent.js';
export * as agentReports from './agent-reports.js';
export * as agentsAdmin from './agents-admin.js';
export * as agentSettlementsAdmin from './agent-settlements-admin.js';
export * as auth from './auth.js';
export * as bets from './bets.js';
export * as content from './content.js';
export * as feedback from './feedback.js';
export * as games from './games.js';
export * as inbox from './inbox.js';
export * as limits from './limits.js';
export * as loyaltyAdmin from './loyalty-admin.js';
export * as operatorAuth from './operator-auth.js';
export * as payments from './payments.js';
export * as profile from './profile.js';
export * as promotions from './promotions.js';
export * as promotionsAdmin from './promotions-admin.js';
export * as rebates from './rebates.js';
export * as report from './report.js';
export * as rewards from './rewards.js';
export * as security from './security.js';
export * as system from './system.js';
export * as taiqiu from './taiqiu.js';
export * as taiqiuAdmin from './taiqiu-admin.js';
export * as vip from './vip.js';
export * as wallet from './wallet.js';
export * as withdrawals from './withdrawals.js';
