// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const contentPageSave = { method: 'POST', path: '/content/pages/save' } as Route<
  typeof contracts.contentAdmin.contentPageSave
>;
export const contentPagesList = { method: 'POST', path: '/content/pages' } as Route<
  typeof contracts.contentAdmin.contentPagesList
>;
export const noticePublish = { method: 'POST', path: '/notices/publish' } as Route<
  typeof contracts.contentAdmin.noticePublish
>;
export const noticesList = { method: 'POST', path: '/notices/list' } as Route<
  typeof contracts.contentAdmin.noticesList
>;
export const noticeWithdraw = { method: 'POST', path: '/notices/withdraw' } as Route<
  typeof contracts.contentAdmin.noticeWithdraw
>;
