// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const auditList = { method: 'POST', path: '/audit/list' } as Route<typeof contracts.admin.auditList>;
export const balanceAdjust = { method: 'POST', path: '/balance/adjust' } as Route<typeof contracts.admin.balanceAdjust>;
export const channelSetEnabled = { method: 'POST', path: '/channels/set-enabled' } as Route<
  typeof contracts.admin.channelSetEnabled
>;
export const channelsList = { method: 'POST', path: '/channels/list' } as Route<typeof contracts.admin.channelsList>;
export const depositConfirm = { method: 'POST', path: '/deposits/confirm' } as Route<
  typeof contracts.admin.depositConfirm
>;
export const depositsPending = { method: 'POST', path: '/deposits/pending' } as Route<
  typeof contracts.admin.depositsPending
>;
export const playerSetStatus = { method: 'POST', path: '/players/set-status' } as Route<
  typeof contracts.admin.playerSetStatus
>;
export const turnoverWaive = { method: 'POST', path: '/turnover/waive' } as Route<typeof contracts.admin.turnoverWaive>;
export const usdtRateSet = { method: 'POST', path: '/payments/usdt-rate' } as Route<typeof contracts.admin.usdtRateSet>;
export const withdrawalApprove = { method: 'POST', path: '/withdrawals/approve' } as Route<
  typeof contracts.admin.withdrawalApprove
>;
export const withdrawalPay = { method: 'POST', path: '/withdrawals/pay' } as Route<
  typeof contracts.admin.withdrawalPay
>;
export const withdrawalReject = { method: 'POST', path: '/withdrawals/reject' } as Route<
  typeof contracts.admin.withdrawalReject
>;
export const withdrawalsList = { method: 'POST', path: '/withdrawals/list' } as Route<
  typeof contracts.admin.withdrawalsList
>;
