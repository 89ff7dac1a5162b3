// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const spinPrizesList = { method: 'POST', path: '/spin/prizes' } as Route<
  typeof contracts.wheelAdmin.spinPrizesList
>;
export const spinPrizesSave = { method: 'POST', path: '/spin/prizes/save' } as Route<
  typeof contracts.wheelAdmin.spinPrizesSave
>;
