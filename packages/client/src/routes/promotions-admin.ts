// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const promotionApplicationReject = { method: 'POST', path: '/promotions/applications/reject' } as Route<
  typeof contracts.promotionsAdmin.promotionApplicationReject
>;
export const promotionApplications = { method: 'POST', path: '/promotions/applications' } as Route<
  typeof contracts.promotionsAdmin.promotionApplications
>;
export const promotionSave = { method: 'POST', path: '/promotions/save' } as Route<
  typeof contracts.promotionsAdmin.promotionSave
>;
export const promotionsList = { method: 'POST', path: '/promotions/list' } as Route<
  typeof contracts.promotionsAdmin.promotionsList
>;
