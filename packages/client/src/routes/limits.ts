// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const get = { method: 'POST', path: '/user/limits/get' } as Route<typeof contracts.limits.get>;
export const set = { method: 'POST', path: '/user/limits/set' } as Route<typeof contracts.limits.set>;
