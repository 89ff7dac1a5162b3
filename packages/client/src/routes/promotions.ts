// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const promotionApply = { method: 'POST', path: '/promotion/apply' } as Route<
  typeof contracts.promotions.promotionApply
>;
export const promotionBanners = { method: 'POST', path: '/promotion/banners' } as Route<
  typeof contracts.promotions.promotionBanners
>;
export const promotionDetails = { method: 'POST', path: '/promotion/details' } as Route<
  typeof contracts.promotions.promotionDetails
>;
export const promotionList = { method: 'POST', path: '/promotion/list' } as Route<
  typeof contracts.promotions.promotionList
>;
export const promotionMyApplications = { method: 'POST', path: '/promotion/myApplications' } as Route<
  typeof contracts.promotions.promotionMyApplications
>;
export const promotionZhudanList = { method: 'POST', path: '/promotion/zhudan/list' } as Route<
  typeof contracts.promotions.promotionZhudanList
>;
