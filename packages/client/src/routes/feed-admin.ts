// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const matchEvents = { method: 'POST', path: '/feed/match/events' } as Route<
  typeof contracts.feedAdmin.matchEvents
>;
export const providerKey = { method: 'POST', path: '/feed/provider/key' } as Route<
  typeof contracts.feedAdmin.providerKey
>;
export const providers = { method: 'POST', path: '/feed/providers' } as Route<typeof contracts.feedAdmin.providers>;
export const providerSave = { method: 'POST', path: '/feed/provider/save' } as Route<
  typeof contracts.feedAdmin.providerSave
>;
