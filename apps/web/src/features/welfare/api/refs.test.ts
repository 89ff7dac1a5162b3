import { rewards } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { everydayGameRewardRef, gameRewardRecordRef, rewardListRef, rewardReceiveRef } from './rewards';
import { spinDrawRef, spinInfoRef, spinRecordsRef } from './spin';

describe('welfare light references', () => {
  it('match the contracts', () => {
    for (const [r, c] of [
      [rewardListRef, rewards.rewardList],
      [rewardReceiveRef, rewards.rewardReceive],
      [everydayGameRewardRef, rewards.everydayGameReward],
      [gameRewardRecordRef, rewards.gameRewardRecord],
      [spinInfoRef, rewards.spinInfo],
      [spinDrawRef, rewards.spinDrawCall],
      [spinRecordsRef, rewards.spinRecords],
    ] as const) {
      expect({ method: r.method, path: r.path }).toEqual({ method: c.method, path: c.path });
    }
  });
});
