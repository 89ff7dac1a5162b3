// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const dualApprovalSet = { method: 'POST', path: '/withdrawals/settings/dual-approval' } as Route<
  typeof contracts.withdrawalsAdmin.dualApprovalSet
>;
export const playerAccountReveal = { method: 'POST', path: '/withdrawals/player-accounts/reveal' } as Route<
  typeof contracts.withdrawalsAdmin.playerAccountReveal
>;
export const playerAccounts = { method: 'POST', path: '/withdrawals/player-accounts' } as Route<
  typeof contracts.withdrawalsAdmin.playerAccounts
>;
export const withdrawalApprove = { method: 'POST', path: '/withdrawals/approve' } as Route<
  typeof contracts.withdrawalsAdmin.withdrawalApprove
>;
export const withdrawalPay = { method: 'POST', path: '/withdrawals/pay' } as Route<
  typeof contracts.withdrawalsAdmin.withdrawalPay
>;
export const withdrawalReject = { method: 'POST', path: '/withdrawals/reject' } as Route<
  typeof contracts.withdrawalsAdmin.withdrawalReject
>;
export const withdrawalsList = { method: 'POST', path: '/withdrawals/list' } as Route<
  typeof contracts.withdrawalsAdmin.withdrawalsList
>;
export const withdrawSettingsGet = { method: 'POST', path: '/withdrawals/settings' } as Route<
  typeof contracts.withdrawalsAdmin.withdrawSettingsGet
>;
