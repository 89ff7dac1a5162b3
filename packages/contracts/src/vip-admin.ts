import { z } from 'zod';
import { gameType } from './bets.js';
import { envelope } from './common.js';
import { defineAdminCall, giftAmount, turnoverMultiple } from './operator-calls.js';
import { rateBp } from './rebates.js';
import { vipLevel, vipLevelNumber } from './vip.js';

/*
 * The operator's side of VIP levels and the rebate table (POST under ADMIN_PREFIX; operator-calls.ts has the roles).
 * Every write is audited and applies from the next event on: nothing already accrued or granted
 * changes.
 */

/** Lifetime thresholds of the top levels run into the tens of millions (¥). */
const threshold = z.number().int('amount.integer').min(0, 'too_small').max(100_000_000_000, 'too_big');

/** Every level with its rates (the rates table is VIP level × game type). */
export const vipLevelsList = defineAdminCall({
  path: '/vip/levels',
  roles: ['finance', 'risk'],
  request: z.strictObject({}),
  response: envelope(z.object({ levels: z.array(vipLevel) })),
});

/** Sets one level (thresholds must not fall below the level under it nor exceed the one above: 422). */
export const vipLevelSave = defineAdminCall({
  path: '/vip/level/save',
  roles: [],
  request: z.strictObject({
    level: vipLevelNumber,
    minValidBet: threshold,
    minDeposits: threshold,
    upgradeBonus: giftAmount,
    weeklyGift: giftAmount,
    monthlyGift: giftAmount,
    turnoverMultiple,
    withdrawalsPerDay: z.number().int('invalid').min(0, 'too_small').max(100, 'too_big'),
  }),
  response: envelope(vipLevel),
});

/** One cell of the rebate table. */
export const rebateRateSave = defineAdminCall({
  path: '/rebates/rate/save',
  roles: [],
  request: z.strictObject({ vipLevel: vipLevelNumber, gameType, rateBp }),
  response: envelope(vipLevel),
});
