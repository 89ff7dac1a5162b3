import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/* The operator's list of rebate claims (POST under ADMIN_PREFIX; operator-calls.ts has the roles). */

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
