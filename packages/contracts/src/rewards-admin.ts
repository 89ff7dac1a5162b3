import { z } from 'zod';
import { clientRequestId, envelope, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { defineAdminCall, operatorReason, turnoverMultiple } from './operator-calls.js';
import { reward, rewardSource, rewardStatus } from './rewards.js';

/*
 * The operator's side of rewards and the daily task (POST under ADMIN_PREFIX; operator-calls.ts has the roles).
 * Every write is audited and applies from the next event on: nothing already accrued or granted
 * changes.
 */

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
    turnoverMultiple,
    validDays: z.number().int('invalid').min(1, 'too_small').max(90, 'too_big'),
    reason: operatorReason,
    requestId: clientRequestId,
  }),
  response: envelope(adminReward),
});

export const taskTierInput = z.strictObject({
  validBet: z.number().int('amount.integer').positive('amount.positive').max(1_000_000_000, 'too_big'),
  amount: z.number().int('amount.integer').positive('amount.positive').max(100_000_000, 'too_big'),
  turnoverMultiple,
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
