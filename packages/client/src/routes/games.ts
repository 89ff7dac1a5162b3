// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const launch = { method: 'POST', path: '/game/launch' } as Route<typeof contracts.games.launch>;
export const list = { method: 'POST', path: '/game/list' } as Route<typeof contracts.games.list>;
