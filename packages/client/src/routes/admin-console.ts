// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const contentPageSave = { method: 'POST', path: '/content/pages/save' } as Route<
  typeof contracts.adminConsole.contentPageSave
>;
export const contentPagesList = { method: 'POST', path: '/content/pages' } as Route<
  typeof contracts.adminConsole.contentPagesList
>;
export const dashboard = { method: 'POST', path: '/dashboard' } as Route<typeof contracts.adminConsole.dashboard>;
export const depositCallbacks = { method: 'POST', path: '/deposits/callbacks' } as Route<
  typeof contracts.adminConsole.depositCallbacks
>;
export const depositsList = { method: 'POST', path: '/deposits/list' } as Route<
  typeof contracts.adminConsole.depositsList
>;
export const dualApprovalSet = { method: 'POST', path: '/withdrawals/settings/dual-approval' } as Route<
  typeof contracts.adminConsole.dualApprovalSet
>;
export const noticePublish = { method: 'POST', path: '/notices/publish' } as Route<
  typeof contracts.adminConsole.noticePublish
>;
export const noticesList = { method: 'POST', path: '/notices/list' } as Route<
  typeof contracts.adminConsole.noticesList
>;
export const noticeWithdraw = { method: 'POST', path: '/notices/withdraw' } as Route<
  typeof contracts.adminConsole.noticeWithdraw
>;
export const playerBets = { method: 'POST', path: '/players/bets' } as Route<typeof contracts.adminConsole.playerBets>;
export const playerDetail = { method: 'POST', path: '/players/detail' } as Route<
  typeof contracts.adminConsole.playerDetail
>;
export const playerLedger = { method: 'POST', path: '/players/ledger' } as Route<
  typeof contracts.adminConsole.playerLedger
>;
export const playersList = { method: 'POST', path: '/players/list' } as Route<
  typeof contracts.adminConsole.playersList
>;
export const queues = { method: 'POST', path: '/queues' } as Route<typeof contracts.adminConsole.queues>;
export const siteContactGet = { method: 'POST', path: '/site/contact' } as Route<
  typeof contracts.adminConsole.siteContactGet
>;
export const siteContactSave = { method: 'POST', path: '/site/contact/save' } as Route<
  typeof contracts.adminConsole.siteContactSave
>;
export const siteServiceGet = { method: 'POST', path: '/site/service' } as Route<
  typeof contracts.adminConsole.siteServiceGet
>;
export const siteServiceSave = { method: 'POST', path: '/site/service/save' } as Route<
  typeof contracts.adminConsole.siteServiceSave
>;
export const withdrawSettingsGet = { method: 'POST', path: '/withdrawals/settings' } as Route<
  typeof contracts.adminConsole.withdrawSettingsGet
>;
