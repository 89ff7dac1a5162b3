// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const balanceDetails = { method: 'POST', path: '/user/balanceDetails' } as Route<
  typeof contracts.wallet.balanceDetails
>;
export const balanceDetailsItem = { method: 'POST', path: '/user/balanceDetails/details' } as Route<
  typeof contracts.wallet.balanceDetailsItem
>;
export const debt = { method: 'POST', path: '/user/debt' } as Route<typeof contracts.wallet.debt>;
