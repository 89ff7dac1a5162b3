// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const smsOutbox = { method: 'POST', path: '/sms/outbox' } as Route<typeof contracts.securityAdmin.smsOutbox>;
