// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const rewardGrant = { method: 'POST', path: '/rewards/grant' } as Route<
  typeof contracts.rewardsAdmin.rewardGrant
>;
export const rewardsList = { method: 'POST', path: '/rewards/list' } as Route<
  typeof contracts.rewardsAdmin.rewardsList
>;
export const taskTiersList = { method: 'POST', path: '/tasks/tiers' } as Route<
  typeof contracts.rewardsAdmin.taskTiersList
>;
export const taskTiersSave = { method: 'POST', path: '/tasks/tiers/save' } as Route<
  typeof contracts.rewardsAdmin.taskTiersSave
>;
