// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const pnlBreakdown = { method: 'POST', path: '/reports/pnl/breakdown' } as Route<
  typeof contracts.reportAdmin.pnlBreakdown
>;
export const pnlReport = { method: 'POST', path: '/reports/pnl' } as Route<typeof contracts.reportAdmin.pnlReport>;
