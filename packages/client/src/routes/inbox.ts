// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const userMessage = { method: 'POST', path: '/notice/userMessage' } as Route<typeof contracts.inbox.userMessage>;
export const userMessageAsDelete = { method: 'POST', path: '/notice/userMessageAsDelete' } as Route<
  typeof contracts.inbox.userMessageAsDelete
>;
export const userMessageAsRead = { method: 'POST', path: '/notice/userMessageAsRead' } as Route<
  typeof contracts.inbox.userMessageAsRead
>;
export const userMessageUnreadCount = { method: 'POST', path: '/notice/userMessageUnreadCount' } as Route<
  typeof contracts.inbox.userMessageUnreadCount
>;
