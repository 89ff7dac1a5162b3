// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const rebateClaim = { method: 'POST', path: '/user/rebate/claim' } as Route<
  typeof contracts.rebates.rebateClaim
>;
export const rebateLogs = { method: 'POST', path: '/user/rebate/logs' } as Route<typeof contracts.rebates.rebateLogs>;
export const rebateRules = { method: 'POST', path: '/user/rebate/rules' } as Route<
  typeof contracts.rebates.rebateRules
>;
export const rebateSummary = { method: 'POST', path: '/user/rebate/summary' } as Route<
  typeof contracts.rebates.rebateSummary
>;
