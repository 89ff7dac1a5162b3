// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const rebateRateSave = { method: 'POST', path: '/rebates/rate/save' } as Route<
  typeof contracts.vipAdmin.rebateRateSave
>;
export const vipLevelSave = { method: 'POST', path: '/vip/level/save' } as Route<
  typeof contracts.vipAdmin.vipLevelSave
>;
export const vipLevelsList = { method: 'POST', path: '/vip/levels' } as Route<typeof contracts.vipAdmin.vipLevelsList>;
