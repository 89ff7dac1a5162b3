// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const channelSetEnabled = { method: 'POST', path: '/channels/set-enabled' } as Route<
  typeof contracts.paymentsAdmin.channelSetEnabled
>;
export const channelsList = { method: 'POST', path: '/channels/list' } as Route<
  typeof contracts.paymentsAdmin.channelsList
>;
export const depositCallbacks = { method: 'POST', path: '/deposits/callbacks' } as Route<
  typeof contracts.paymentsAdmin.depositCallbacks
>;
export const depositConfirm = { method: 'POST', path: '/deposits/confirm' } as Route<
  typeof contracts.paymentsAdmin.depositConfirm
>;
export const depositsList = { method: 'POST', path: '/deposits/list' } as Route<
  typeof contracts.paymentsAdmin.depositsList
>;
export const depositsPending = { method: 'POST', path: '/deposits/pending' } as Route<
  typeof contracts.paymentsAdmin.depositsPending
>;
export const usdtRateSet = { method: 'POST', path: '/payments/usdt-rate' } as Route<
  typeof contracts.paymentsAdmin.usdtRateSet
>;
