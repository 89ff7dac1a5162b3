// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const accounts = { method: 'POST', path: '/user/withdraw/accounts' } as Route<
  typeof contracts.withdrawals.accounts
>;
export const addAccount = { method: 'POST', path: '/user/withdraw/addAccount' } as Route<
  typeof contracts.withdrawals.addAccount
>;
export const addWithdraw = { method: 'POST', path: '/user/withdraw/addWithdraw' } as Route<
  typeof contracts.withdrawals.addWithdraw
>;
export const changeUsdt = { method: 'POST', path: '/user/withdraw/changeUsdt' } as Route<
  typeof contracts.withdrawals.changeUsdt
>;
export const deleteAccount = { method: 'POST', path: '/user/withdraw/deleteAccount' } as Route<
  typeof contracts.withdrawals.deleteAccount
>;
export const setFundPassword = { method: 'POST', path: '/user/edit/setFundPassword' } as Route<
  typeof contracts.withdrawals.setFundPassword
>;
export const setWithdrawType = { method: 'POST', path: '/user/withdraw/setWithdrawType' } as Route<
  typeof contracts.withdrawals.setWithdrawType
>;
export const withdrawConfig = { method: 'POST', path: '/user/withdraw/config' } as Route<
  typeof contracts.withdrawals.withdrawConfig
>;
export const withdrawDetails = { method: 'POST', path: '/user/withdraw/details' } as Route<
  typeof contracts.withdrawals.withdrawDetails
>;
export const withdrawRecords = { method: 'POST', path: '/user/withdraw/records' } as Route<
  typeof contracts.withdrawals.withdrawRecords
>;
