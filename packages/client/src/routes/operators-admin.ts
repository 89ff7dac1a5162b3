// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const liveTicket = { method: 'POST', path: '/live/ticket' } as Route<typeof contracts.operatorsAdmin.liveTicket>;
export const login = { method: 'POST', path: '/auth/login' } as Route<typeof contracts.operatorsAdmin.login>;
export const logout = { method: 'POST', path: '/auth/logout' } as Route<typeof contracts.operatorsAdmin.logout>;
export const me = { method: 'POST', path: '/auth/me' } as Route<typeof contracts.operatorsAdmin.me>;
export const operatorCreate = { method: 'POST', path: '/operators/create' } as Route<
  typeof contracts.operatorsAdmin.operatorCreate
>;
export const operatorInvite = { method: 'POST', path: '/operators/invite' } as Route<
  typeof contracts.operatorsAdmin.operatorInvite
>;
export const operatorResetTotp = { method: 'POST', path: '/operators/reset-totp' } as Route<
  typeof contracts.operatorsAdmin.operatorResetTotp
>;
export const operatorSetRole = { method: 'POST', path: '/operators/set-role' } as Route<
  typeof contracts.operatorsAdmin.operatorSetRole
>;
export const operatorSetStatus = { method: 'POST', path: '/operators/set-status' } as Route<
  typeof contracts.operatorsAdmin.operatorSetStatus
>;
export const operatorSetupLink = { method: 'POST', path: '/operators/setup-link' } as Route<
  typeof contracts.operatorsAdmin.operatorSetupLink
>;
export const operatorsList = { method: 'POST', path: '/operators/list' } as Route<
  typeof contracts.operatorsAdmin.operatorsList
>;
export const setupLinkCheck = { method: 'POST', path: '/auth/setup/check' } as Route<
  typeof contracts.operatorsAdmin.setupLinkCheck
>;
export const setupLinkUse = { method: 'POST', path: '/auth/setup' } as Route<
  typeof contracts.operatorsAdmin.setupLinkUse
>;
export const totpConfirm = { method: 'POST', path: '/auth/totp/confirm' } as Route<
  typeof contracts.operatorsAdmin.totpConfirm
>;
