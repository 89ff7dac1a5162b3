// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const betRecordDetails = { method: 'POST', path: '/user/betRecord/details' } as Route<
  typeof contracts.bets.betRecordDetails
>;
export const betRecordList = { method: 'POST', path: '/user/betRecord/list' } as Route<
  typeof contracts.bets.betRecordList
>;
