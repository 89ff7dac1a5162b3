// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const siteContactGet = { method: 'POST', path: '/site/contact' } as Route<
  typeof contracts.systemAdmin.siteContactGet
>;
export const siteContactSave = { method: 'POST', path: '/site/contact/save' } as Route<
  typeof contracts.systemAdmin.siteContactSave
>;
export const siteServiceGet = { method: 'POST', path: '/site/service' } as Route<
  typeof contracts.systemAdmin.siteServiceGet
>;
export const siteServiceSave = { method: 'POST', path: '/site/service/save' } as Route<
  typeof contracts.systemAdmin.siteServiceSave
>;
