// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const platformTiersGet = { method: 'POST', path: '/agents/platformTiers' } as Route<
  typeof contracts.agentSettlementsAdmin.platformTiersGet
>;
export const platformTiersSave = { method: 'POST', path: '/agents/platformTiers/save' } as Route<
  typeof contracts.agentSettlementsAdmin.platformTiersSave
>;
export const settlementRun = { method: 'POST', path: '/agents/settle' } as Route<
  typeof contracts.agentSettlementsAdmin.settlementRun
>;
export const statementsList = { method: 'POST', path: '/agents/statements' } as Route<
  typeof contracts.agentSettlementsAdmin.statementsList
>;
