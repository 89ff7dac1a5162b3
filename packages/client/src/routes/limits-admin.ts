// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const playerLimits = { method: 'POST', path: '/players/limits' } as Route<
  typeof contracts.limitsAdmin.playerLimits
>;
