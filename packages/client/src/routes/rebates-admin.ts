// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const rebateClaimsList = { method: 'POST', path: '/rebates/claims' } as Route<
  typeof contracts.rebatesAdmin.rebateClaimsList
>;
