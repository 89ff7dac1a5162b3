import { z } from 'zod';
import { envelope, isoTime } from './common.js';
import { str } from './fields.js';
import { defineAdminCall, giftAmount, turnoverMultiple } from './operator-calls.js';
import { SPIN_PRIZE_COUNT } from './rewards.js';

/*
 * The operator's side of the daily wheel's prizes (POST under ADMIN_PREFIX; operator-calls.ts has the roles).
 * Every write is audited and applies from the next event on: nothing already accrued or granted
 * changes.
 */

export const spinPrizeInput = z.strictObject({
  labelZh: str().trim().min(1, 'required').max(20, 'too_long'),
  labelEn: str().trim().min(1, 'required').max(30, 'too_long'),
  amount: giftAmount,
  /** Relative chance; the eight weights must not all be 0. */
  weight: z.number().int('invalid').min(0, 'too_small').max(1_000_000, 'too_big'),
  turnoverMultiple,
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
