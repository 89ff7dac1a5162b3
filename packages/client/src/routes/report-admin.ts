// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const agentTeamsReport = { method: 'POST', path: '/reports/agents' } as Route<
  typeof contracts.reportAdmin.agentTeamsReport
>;
export const paymentsByPeriod = { method: 'POST', path: '/reports/payments/periods' } as Route<
  typeof contracts.reportAdmin.paymentsByPeriod
>;
export const paymentsReport = { method: 'POST', path: '/reports/payments' } as Route<
  typeof contracts.reportAdmin.paymentsReport
>;
export const playersReport = { method: 'POST', path: '/reports/players' } as Route<
  typeof contracts.reportAdmin.playersReport
>;
export const pnlBreakdown = { method: 'POST', path: '/reports/pnl/breakdown' } as Route<
  typeof contracts.reportAdmin.pnlBreakdown
>;
export const pnlReport = { method: 'POST', path: '/reports/pnl' } as Route<typeof contracts.reportAdmin.pnlReport>;
export const retentionCohorts = { method: 'POST', path: '/reports/players/cohorts' } as Route<
  typeof contracts.reportAdmin.retentionCohorts
>;
export const topPlayers = { method: 'POST', path: '/reports/players/top' } as Route<
  typeof contracts.reportAdmin.topPlayers
>;
export const withdrawalsReport = { method: 'POST', path: '/reports/payments/withdrawals' } as Route<
  typeof contracts.reportAdmin.withdrawalsReport
>;
