import { z } from 'zod';
import { defineAdminCall } from './admin.js';
import { gameType } from './bets.js';
import { clientRequestId, envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { rateBp } from './rebates.js';
import { reward, rewardSource, rewardStatus, SPIN_PRIZE_COUNT } from './rewards.js';
import { vipLevel, vipLevelNumber } from './vip.js';

/*
 * The operator's side of rebates, VIP, rewards, the daily task and the wheel (docs/screens.md operator
 * console: "promotions, rewards, VIP levels, rebate rates, spin prizes"). Every write is audited
 * and applies from the next event on: nothing already accrued or granted changes.
 */

const amount = z.number().int('amount.integer').min(0, 'too_small').max(100_000_000, 'too_big');
/** Lifetime thresholds of the top levels run into the tens of millions (¥). */
const threshold = z.number().int('amount.integer').min(0, 'too_small').max(100_000_000_000, 'too_big');
const multiple = z.number().int('invalid').min(0, 'too_small').max(100, 'too_big');
const reason = str().trim().min(1, 'required').max(200, 'too_long');

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
    upgradeBonus: amount,
    weeklyGift: amount,
    monthlyGift: amount,
    turnoverMultiple: multiple,
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

export const adminReward = reward.extend({ username: z.string() });

export const rewardsList = defineAdminCall({
  path: '/rewards/list',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({
      username: str().trim().max(32, 'too_long').optional(),
      source: rewardSource.optional(),
      status: rewardStatus.optional(),
    })
    .strict(),
  response: envelope(pageResult(adminReward)),
});

/**
 * A reward of source operator for one player (it waits in their 领奖 like any other). The console
 * makes `requestId` when the form opens: a resend answers with the first grant, another grant under
 * the same id is refused 409.
 */
export const rewardGrant = defineAdminCall({
  path: '/rewards/grant',
  roles: ['finance'],
  request: z.strictObject({
    username: str().trim().min(1, 'required').max(32, 'too_long'),
    amount: z.number().int('amount.integer').positive('amount.positive').max(100_000_000, 'too_big'),
    turnoverMultiple: multiple,
    validDays: z.number().int('invalid').min(1, 'too_small').max(90, 'too_big'),
    reason,
    requestId: clientRequestId,
  }),
  response: envelope(adminReward),
});

export const taskTierInput = z.strictObject({
  validBet: z.number().int('amount.integer').positive('amount.positive').max(1_000_000_000, 'too_big'),
  amount: z.number().int('amount.integer').positive('amount.positive').max(100_000_000, 'too_big'),
  turnoverMultiple: multiple,
});

export const taskTiersList = defineAdminCall({
  path: '/tasks/tiers',
  roles: ['finance', 'risk'],
  request: z.strictObject({}),
  response: envelope(
    z.object({ tiers: z.array(taskTierInput.extend({ id: z.number().int(), enabled: z.boolean() })) }),
  ),
});

/**
 * Replaces the daily task's tiers (1–10, thresholds strictly rising). Today's rewards already
 * granted stay; a tier removed stops granting from now.
 */
export const taskTiersSave = defineAdminCall({
  path: '/tasks/tiers/save',
  roles: [],
  request: z.strictObject({ tiers: z.array(taskTierInput).min(1, 'required').max(10, 'too_big') }),
  response: envelope(
    z.object({ tiers: z.array(taskTierInput.extend({ id: z.number().int(), enabled: z.boolean() })) }),
  ),
});

export const spinPrizeInput = z.strictObject({
  labelZh: str().trim().min(1, 'required').max(20, 'too_long'),
  labelEn: str().trim().min(1, 'required').max(30, 'too_long'),
  amount,
  /** Relative chance; the eight weights must not all be 0. */
  weight: z.number().int('invalid').min(0, 'too_small').max(1_000_000, 'too_big'),
  turnoverMultiple: multiple,
});

export const spinPrizesList = defineAdminCall({
  path: '/spin/prizes',
  roles: ['finance', 'risk'],
  request: z.strictObject({}),
  response: envelope(
    z.object({
      prizes: z.array(spinPrizeInput.extend({ index: z.number().int() })),
      /** Share of draws by prize index, from the weights (for the operator's eye). */
      chances: z.array(z.number()),
      /** Mean prize per draw in minor units, from the weights. */
      expectedValue: z.number(),
    }),
  ),
});

export const spinPrizesSave = defineAdminCall({
  path: '/spin/prizes/save',
  roles: [],
  request: z.strictObject({
    prizes: z
      .array(spinPrizeInput)
      .length(SPIN_PRIZE_COUNT, 'invalid')
      .refine((p) => p.some((x) => x.weight > 0), 'spin.weights'),
  }),
  response: envelope(z.object({ savedAt: isoTime })),
});

/** Rebate claims of every player (or one), newest first. */
export const rebateClaimsList = defineAdminCall({
  path: '/rebates/claims',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest.extend({ username: str().trim().max(32, 'too_long').optional() }).strict(),
  response: envelope(
    pageResult(
      z.object({
        id: z.number().int(),
        username: z.string(),
        amount: money,
        validBet: money,
        createdAt: isoTime,
      }),
    ),
  ),
});
