import { z } from 'zod';
import { envelope, pageRequest, pageResult } from './common.js';
import { feedbackItem } from './feedback.js';
import { multilineStr, rowId } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/* The operator's side of feedback (POST under ADMIN_PREFIX; operator-calls.ts has the roles). */

export const adminFeedback = feedbackItem.extend({ username: z.string(), repliedBy: z.string().nullable() });
export type AdminFeedback = z.infer<typeof adminFeedback>;

export const feedbackList = defineAdminCall({
  roles: ['content', 'risk'],
  path: '/feedback/list',
  request: pageRequest.extend({ open: z.boolean({ error: 'invalid_type' }).optional() }).strict(),
  response: envelope(pageResult(adminFeedback)),
});

/** Answers a player's feedback once (again: 409); the player gets a message; audited. */
export const feedbackReply = defineAdminCall({
  roles: ['content', 'risk'],
  path: '/feedback/reply',
  request: z.strictObject({ id: rowId, reply: multilineStr().trim().min(1, 'required').max(1000, 'too_long') }),
  response: envelope(adminFeedback),
});
