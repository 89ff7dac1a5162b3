import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { limits, playersAdmin } from '@breakshot/contracts';

/**
 * Deposit limits (drizzle/0017_profile_limits.sql): `amount` is in force; an increase or a
 * removal waits in `pendingAmount` (null: no limit) until `pendingFrom`.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    period: text('period').$type<limits.LimitPeriod>().notNull(),
    amount: bigint('amount', { mode: 'number' }),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/** The self-exclusion (in force while excludedUntil > now) and the reality reminder. */
export const playerLimits = pgTable('player_limits', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  excludedFrom: timestamp('excluded_from', { withTimezone: true }),
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  reminderMinutes: integer('reminder_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each change a player made to these limits, as asked (drizzle/0054_limit_changes.sql). */
export const limitChanges = pgTable('limit_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  change: jsonb('change').$type<playersAdmin.LimitChange>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
