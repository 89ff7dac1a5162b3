// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const everydayGameReward = { method: 'POST', path: '/user/everydayGameReward' } as Route<
  typeof contracts.rewards.everydayGameReward
>;
export const gameRewardRecord = { method: 'POST', path: '/user/gameRewardRecord' } as Route<
  typeof contracts.rewards.gameRewardRecord
>;
export const rewardList = { method: 'POST', path: '/user/reward/list' } as Route<typeof contracts.rewards.rewardList>;
export const rewardReceive = { method: 'POST', path: '/user/reward/receive' } as Route<
  typeof contracts.rewards.rewardReceive
>;
export const spinDrawCall = { method: 'POST', path: '/user/spin/draw' } as Route<typeof contracts.rewards.spinDrawCall>;
export const spinInfo = { method: 'POST', path: '/user/spin/info' } as Route<typeof contracts.rewards.spinInfo>;
export const spinRecords = { method: 'POST', path: '/user/spin/records' } as Route<
  typeof contracts.rewards.spinRecords
>;
