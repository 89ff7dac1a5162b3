import type { promotions as contract } from '@breakshot/contracts';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Promotions (drizzle/0027_promotions.sql); rules is the contract's promotionRules of the row's type. */
export const promotions = pgTable('promotions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').$type<contract.PromotionType>().notNull(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  summaryZh: text('summary_zh').notNull(),
  summaryEn: text('summary_en').notNull(),
  audienceZh: text('audience_zh').notNull(),
  audienceEn: text('audience_en').notNull(),
  rulesZh: text('rules_zh').notNull(),
  rulesEn: text('rules_en').notNull(),
  bannerFrom: text('banner_from').notNull(),
  bannerTo: text('banner_to').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  capAmount: bigint('cap_amount', { mode: 'number' }),
  minVipLevel: integer('min_vip_level').notNull().default(0),
  rewardValidDays: integer('reward_valid_days').notNull(),
  rules: jsonb('rules').$type<contract.PromotionRules>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
export type PromotionRow = typeof promotions.$inferSelect;

/** A player's participation in one period of a promotion; UNIQUE (promotion, user, period). */
export const promotionApplications = pgTable('promotion_applications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  promotionId: bigint('promotion_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  periodKey: text('period_key').notNull(),
  /** When the period ends (null: once). */
  periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
  status: text('status').$type<contract.ApplicationStatus>().notNull(),
  /** A rejection's reason: a message key of the contracts' serverErrors and its parameters. */
  reasonKey: text('reason_key'),
  reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
  /** An operator's rejection: their words. */
  reasonText: text('reason_text'),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  progress: bigint('progress', { mode: 'number' }).notNull().default(0),
  uses: integer('uses').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type ApplicationRow = typeof promotionApplications.$inferSelect;

/** Settled bets that qualify for a lucky-slip promotion; claimed once application_id is set. */
export const promotionSlips = pgTable(
  'promotion_slips',
  {
    promotionId: bigint('promotion_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    betNo: text('bet_no').notNull(),
    gameType: text('game_type', { enum: ['taiqiu', 'slots', 'poker'] }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    ending: text('ending').notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.betNo] })],
);
export type SlipRow = typeof promotionSlips.$inferSelect;
