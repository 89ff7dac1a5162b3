import { z } from 'zod';
import { envelope, isoTime, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/* The operator's SMS outbox (POST under ADMIN_PREFIX; operator-calls.ts has the roles). */

export const outboxMessage = z.object({
  id: z.number().int(),
  mobile: z.string(),
  text: z.string(),
  createdAt: isoTime,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/**
 * The development SMS channel: every message the built-in provider "sent", newest first, codes
 * readable (it is where testers and operators find them). `mobile`: digits the number contains.
 */
export const smsOutbox = defineAdminCall({
  roles: ['risk'],
  path: '/sms/outbox',
  request: pageRequest
    .extend({
      mobile: str().max(11, 'too_long').regex(/^\d*$/, 'invalid').optional(),
    })
    .strict(),
  response: envelope(pageResult(outboxMessage)),
});
