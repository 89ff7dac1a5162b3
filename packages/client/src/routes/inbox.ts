// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const messageSend = { method: 'POST', path: '/messages/send' } as Route<typeof contracts.inbox.messageSend>;
export const messagesSent = { method: 'POST', path: '/messages/list' } as Route<typeof contracts.inbox.messagesSent>;
export const messageWithdraw = { method: 'POST', path: '/messages/withdraw' } as Route<
  typeof contracts.inbox.messageWithdraw
>;
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
