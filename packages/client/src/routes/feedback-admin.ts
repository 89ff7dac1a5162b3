// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const feedbackList = { method: 'POST', path: '/feedback/list' } as Route<
  typeof contracts.feedbackAdmin.feedbackList
>;
export const feedbackReply = { method: 'POST', path: '/feedback/reply' } as Route<
  typeof contracts.feedbackAdmin.feedbackReply
>;
