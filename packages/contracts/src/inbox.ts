import { z } from 'zod';
import { defineCall, envelope, isoTime, pageRequest, pageResult } from './common.js';
import { rowId } from './fields.js';

/*
 * The player's inbox (docs/screens.md /user/myMessage, /user/messageDetails, the unread badge): tab
 * 通知 lists the published announcements, tab 消息 the personal messages (written by the system
 * or sent by an operator, to one player or to every player). Read and deleted are each player's
 * own: a broadcast is one message whatever the number of players.
 */

export const inboxTabs = ['notice', 'message'] as const;
export const inboxTab = z.enum(inboxTabs, { error: 'invalid' });
export type InboxTab = z.infer<typeof inboxTab>;

/** What wrote a personal message: the system on a business event, or an operator. */
export const messageKinds = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'reward_available',
  'vip_upgrade',
  'feedback_replied',
  'login_failures',
  'kyc_approved',
  'kyc_rejected',
  'bet_corrected',
  'passkey_added',
  'passkey_removed',
  'operator',
] as const;
export type MessageKind = (typeof messageKinds)[number];
/** Kinds the system writes (their texts are templates rendered in the reader's language). */
export type SystemMessageKind = Exclude<MessageKind, 'operator'>;

export const inboxItem = z.object({
  id: z.number().int(),
  tab: inboxTab,
  /** notice for an announcement, else the message's kind. */
  kind: z.enum(['notice', ...messageKinds]),
  title: z.string(),
  /** Plain text: the first line or so of the body. */
  summary: z.string(),
  /** An app route that shows what the message is about (a deposit order…), or null. */
  link: z.string().nullable(),
  createdAt: isoTime,
  read: z.boolean(),
  /** Sanitized HTML; only when the request named the item by `id`. */
  body: z.string().optional(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const unreadCounts = z.object({
  /** Announcements not read yet. */
  notice: z.number().int(),
  /** Personal messages not read yet (deleted ones never count). */
  message: z.number().int(),
  total: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/**
 * A tab's items, newest first; with `id`, that one item with its body (404 when the player
 * cannot see it: another player's message, a deleted or withdrawn one).
 */
export const userMessage = defineCall({
  method: 'POST',
  path: '/notice/userMessage',
  auth: true,
  request: pageRequest.extend({ tab: inboxTab, id: rowId.optional() }).strict(),
  response: envelope(pageResult(inboxItem)),
});

/** Marks items of a tab read: the ones in `ids`, or with `all: true` every item of the tab. */
export const userMessageAsRead = defineCall({
  method: 'POST',
  path: '/notice/userMessageAsRead',
  auth: true,
  request: z
    .object({
      tab: inboxTab,
      ids: z.array(rowId, { error: 'invalid_type' }).min(1, 'required').max(100, 'too_long').optional(),
      all: z.literal(true, { error: 'invalid' }).optional(),
    })
    .strict()
    .refine((r) => (r.ids === undefined) !== (r.all === undefined), { message: 'required', path: ['ids'] }),
  response: envelope(unreadCounts),
});

/** Deletes personal messages for this player only; an id the player cannot see is a 404 (nothing deleted). */
export const userMessageAsDelete = defineCall({
  method: 'POST',
  path: '/notice/userMessageAsDelete',
  auth: true,
  request: z
    .object({ ids: z.array(rowId, { error: 'invalid_type' }).min(1, 'required').max(100, 'too_long') })
    .strict(),
  response: envelope(unreadCounts),
});

export const userMessageUnreadCount = defineCall({
  method: 'POST',
  path: '/notice/userMessageUnreadCount',
  auth: true,
  request: z.object({}).strict(),
  response: envelope(unreadCounts),
});
