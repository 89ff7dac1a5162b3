import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { feedback as contract } from '@breakshot/contracts';

/** Players' feedback and the operator's answers (drizzle/0018_messages_feedback.sql). */
export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  type: text('type').$type<contract.FeedbackType>().notNull(),
  content: text('content').notNull(),
  /** URLs of the player's uploads (purpose feedback). */
  images: jsonb('images').$type<string[]>().notNull().default([]),
  contact: text('contact'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  reply: text('reply'),
  repliedBy: text('replied_by'),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
});
export type FeedbackRow = typeof feedback.$inferSelect;
