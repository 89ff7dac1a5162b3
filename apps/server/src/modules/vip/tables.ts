import type { GiftPeriodKind } from './periods.js';
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** VIP0–VIP10 with their thresholds and gifts (drizzle/0026_vip_rebates.sql). */
export const vipLevels = pgTable('vip_levels', {
  level: integer('level').primaryKey(),
  minValidBet: bigint('min_valid_bet', { mode: 'number' }).notNull(),
  minDeposits: bigint('min_deposits', { mode: 'number' }).notNull(),
  upgradeBonus: bigint('upgrade_bonus', { mode: 'number' }).notNull(),
  weeklyGift: bigint('weekly_gift', { mode: 'number' }).notNull(),
  monthlyGift: bigint('monthly_gift', { mode: 'number' }).notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type VipLevelRow = typeof vipLevels.$inferSelect;

/** A player's lifetime valid bet and deposits. */
export const vipProgress = pgTable('vip_progress', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each bet or deposit counted, once per reference; a correction's take-back is a negative valid bet (drizzle/0065). */
export const vipProgressEvents = pgTable(
  'vip_progress_events',
  {
    referenceTable: text('reference_table').notNull(),
    referenceId: text('reference_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
    deposit: bigint('deposit', { mode: 'number' }).notNull(),
    /** Settled bets the row counts (a player's bets settled together are one row, named by the first); 0 for a deposit. */
    bets: integer('bets').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.referenceTable, t.referenceId] })],
);

export type GiftKind = 'upgrade' | 'weekly' | 'monthly';

/** Upgrade bonuses and weekly and monthly gifts granted, once per player, kind and period. */
export const vipGifts = pgTable(
  'vip_gifts',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<GiftKind>().notNull(),
    /** upgrade: the level; weekly: yyyy-Www; monthly: yyyy-mm. */
    period: text('period').notNull(),
    level: integer('level').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rewardId: bigint('reward_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/** A period's gift run that went through every player (drizzle/0026_vip_rebates.sql). */
export const vipGiftRuns = pgTable(
  'vip_gift_runs',
  {
    kind: text('kind').$type<GiftPeriodKind>().notNull(),
    period: text('period').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.period] })],
);
