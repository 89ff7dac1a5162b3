// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const setKinds = { method: 'POST', path: '/user/push/settings/set' } as Route<typeof contracts.push.setKinds>;
export const settings = { method: 'POST', path: '/user/push/settings' } as Route<typeof contracts.push.settings>;
export const subscribe = { method: 'POST', path: '/user/push/subscribe' } as Route<typeof contracts.push.subscribe>;
export const unsubscribe = { method: 'POST', path: '/user/push/unsubscribe' } as Route<
  typeof contracts.push.unsubscribe
>;
export const vapidKey = { method: 'POST', path: '/push/key' } as Route<typeof contracts.push.vapidKey>;
