// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const auditList = { method: 'POST', path: '/audit/list' } as Route<typeof contracts.playersAdmin.auditList>;
export const balanceAdjust = { method: 'POST', path: '/balance/adjust' } as Route<
  typeof contracts.playersAdmin.balanceAdjust
>;
export const dashboard = { method: 'POST', path: '/dashboard' } as Route<typeof contracts.playersAdmin.dashboard>;
export const playerBetDetails = { method: 'POST', path: '/players/bets/details' } as Route<
  typeof contracts.playersAdmin.playerBetDetails
>;
export const playerBets = { method: 'POST', path: '/players/bets' } as Route<typeof contracts.playersAdmin.playerBets>;
export const playerDetail = { method: 'POST', path: '/players/detail' } as Route<
  typeof contracts.playersAdmin.playerDetail
>;
export const playerLedger = { method: 'POST', path: '/players/ledger' } as Route<
  typeof contracts.playersAdmin.playerLedger
>;
export const playerSetStatus = { method: 'POST', path: '/players/set-status' } as Route<
  typeof contracts.playersAdmin.playerSetStatus
>;
export const playersList = { method: 'POST', path: '/players/list' } as Route<
  typeof contracts.playersAdmin.playersList
>;
export const playerTimeline = { method: 'POST', path: '/players/timeline' } as Route<
  typeof contracts.playersAdmin.playerTimeline
>;
export const queues = { method: 'POST', path: '/queues' } as Route<typeof contracts.playersAdmin.queues>;
export const turnoverWaive = { method: 'POST', path: '/turnover/waive' } as Route<
  typeof contracts.playersAdmin.turnoverWaive
>;
