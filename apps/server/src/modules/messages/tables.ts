import { bigint, bigserial, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { inbox } from '@breakshot/contracts';

/** Tables of drizzle/0018_messages_feedback.sql (the inbox). */

/** Personal messages; userId null: a broadcast to every player (one row). */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  kind: text('kind').$type<inbox.MessageKind>().notNull(),
  /** A system message's template parameters. */
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  /** An operator's message: its texts (body sanitized HTML); null for system messages. */
  title: text('title'),
  body: text('body'),
  titleEn: text('title_en'),
  bodyEn: text('body_en'),
  sentBy: text('sent_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});
export type MessageRow = typeof messages.$inferSelect;

/** One player's read and deleted marks of a message (no row: unread, kept). */
export const messageStates = pgTable(
  'message_states',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** Announcements a player has read. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);
