import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { security } from '@breakshot/contracts';

/** Tables of drizzle/0016_sms.sql. */

/** Every code asked for (the limits count them); user and hash null: a reset whose name and mobile did not match. */
export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: text('mobile').notNull(),
  purpose: text('purpose').$type<security.SmsPurpose>().notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  codeHash: text('code_hash'),
  ip: text('ip').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** What the built-in provider "sent" (the operator's SMS outbox). */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: text('mobile').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
