import { z } from 'zod';
import { envelope, isoTime, pageRequest, pageResult } from './common.js';
import { articleFields, rowId, str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/* The operator's messages to players (POST under ADMIN_PREFIX; operator-calls.ts has the roles). */

export const sentMessage = z.object({
  id: z.number().int(),
  /** null: every player. */
  username: z.string().nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
  body: z.string(),
  sentBy: z.string(),
  createdAt: isoTime,
  /** Players who opened it (a broadcast: how many of every player). */
  readCount: z.number().int(),
  withdrawnAt: isoTime.nullable(),
});
export type SentMessage = z.infer<typeof sentMessage>;

/** Sends a message to every player (`audience: 'all'`) or to one (`username`); audited. */
export const messageSend = defineAdminCall({
  roles: ['content'],
  path: '/messages/send',
  request: z
    .strictObject({
      audience: z.enum(['all', 'player'], { error: 'invalid' }),
      username: str().trim().max(32, 'too_long').optional(),
      /** The body: HTML or plain text (blank lines separate paragraphs). */
      ...articleFields,
    })
    .refine((r) => r.audience === 'all' || !!r.username, { message: 'required', path: ['username'] }),
  response: envelope(sentMessage),
});

export const messagesSent = defineAdminCall({
  roles: ['content'],
  path: '/messages/list',
  request: pageRequest.strict(),
  response: envelope(pageResult(sentMessage)),
});

/** Withdraws a sent message: players no longer see it; audited. */
export const messageWithdraw = defineAdminCall({
  roles: ['content'],
  path: '/messages/withdraw',
  request: z.strictObject({ id: rowId }),
  response: envelope(sentMessage),
});
