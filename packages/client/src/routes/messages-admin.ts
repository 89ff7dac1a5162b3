// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const messageSend = { method: 'POST', path: '/messages/send' } as Route<
  typeof contracts.messagesAdmin.messageSend
>;
export const messagesSent = { method: 'POST', path: '/messages/list' } as Route<
  typeof contracts.messagesAdmin.messagesSent
>;
export const messageWithdraw = { method: 'POST', path: '/messages/withdraw' } as Route<
  typeof contracts.messagesAdmin.messageWithdraw
>;
