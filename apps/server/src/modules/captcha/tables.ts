import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Open captchas; the answer is stored only as a hash (see service.ts). */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
