// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const rebateClaimsList = { method: 'POST', path: '/rebates/claims' } as Route<
  typeof contracts.loyaltyAdmin.rebateClaimsList
>;
export const rebateRateSave = { method: 'POST', path: '/rebates/rate/save' } as Route<
  typeof contracts.loyaltyAdmin.rebateRateSave
>;
export const rewardGrant = { method: 'POST', path: '/rewards/grant' } as Route<
  typeof contracts.loyaltyAdmin.rewardGrant
>;
export const rewardsList = { method: 'POST', path: '/rewards/list' } as Route<
  typeof contracts.loyaltyAdmin.rewardsList
>;
export const spinPrizesList = { method: 'POST', path: '/spin/prizes' } as Route<
  typeof contracts.loyaltyAdmin.spinPrizesList
>;
export const spinPrizesSave = { method: 'POST', path: '/spin/prizes/save' } as Route<
  typeof contracts.loyaltyAdmin.spinPrizesSave
>;
export const taskTiersList = { method: 'POST', path: '/tasks/tiers' } as Route<
  typeof contracts.loyaltyAdmin.taskTiersList
>;
export const taskTiersSave = { method: 'POST', path: '/tasks/tiers/save' } as Route<
  typeof contracts.loyaltyAdmin.taskTiersSave
>;
export const vipLevelSave = { method: 'POST', path: '/vip/level/save' } as Route<
  typeof contracts.loyaltyAdmin.vipLevelSave
>;
export const vipLevelsList = { method: 'POST', path: '/vip/levels' } as Route<
  typeof contracts.loyaltyAdmin.vipLevelsList
>;
