import type { rewards as contract } from '@breakshot/contracts';
import { bigint, bigserial, boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Grants waiting in the player's 领奖, claimed or expired (drizzle/0025_rewards.sql). */
export const rewards = pgTable('rewards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  source: text('source').$type<contract.RewardSource>().notNull(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  status: text('status').$type<contract.RewardStatus>().notNull().default('unclaimed'),
  grantKey: text('grant_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});
export type RewardRow = typeof rewards.$inferSelect;

/** The daily betting task's tiers. */
export const taskTiers = pgTable('task_tiers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TaskTierRow = typeof taskTiers.$inferSelect;

/** The player's valid bet of a day (site time zone). */
export const taskDays = pgTable(
  'task_days',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** Each bet counted towards the task, once per reference. */
export const taskBets = pgTable(
  'task_bets',
  {
    referenceTable: text('reference_table').notNull(),
    referenceId: text('reference_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
    /** Settled bets the row counts: a player's bets settled together are one row, named by the first. */
    bets: integer('bets').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.referenceTable, t.referenceId] })],
);
