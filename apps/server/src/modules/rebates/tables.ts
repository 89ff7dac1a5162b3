import type { GameType, rebates } from '@breakshot/contracts';
import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate by VIP level and game type, basis points (drizzle/0026_vip_rebates.sql). */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    vipLevel: integer('vip_level').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vipLevel, t.gameType] })],
);

/** What a player's settled bets accrued per game type, in total (only settlements write it); `accrued` in cent·bp. */
export const rebateAccruals = pgTable(
  'rebate_accruals',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
    accrued: bigint('accrued', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameType] })],
);

/** What the player's claims paid for per game type, in total (only claims write it); `accrued` in cent·bp. */
export const rebatePaid = pgTable(
  'rebate_paid',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
    accrued: bigint('accrued', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameType] })],
);

/** Each settled bet accrued, once per reference, with the rate it earned; a correction's take-back is negative (drizzle/0065). */
export const rebateAccrualEvents = pgTable(
  'rebate_accrual_events',
  {
    referenceTable: text('reference_table').notNull(),
    referenceId: text('reference_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
    /** Settled bets the row counts: a player's bets settled together are one row, named by the first. */
    bets: integer('bets').notNull().default(1),
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.referenceTable, t.referenceId] })],
);

/** Claims, each paid by one ledger transfer naming it. */
export const rebateClaims = pgTable('rebate_claims', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  items: jsonb('items').$type<rebates.RebateItem[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type RebateClaimRow = typeof rebateClaims.$inferSelect;
