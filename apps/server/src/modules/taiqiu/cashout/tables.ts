import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Cash-outs of bets (drizzle/0049_cashout.sql): each the reference of its ledger transfer. */
export const cashouts = pgTable('taiqiu_cashouts', {
  cashoutNo: text('cashout_no').primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  stakePart: bigint('stake_part', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  auto: boolean('auto').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
export type CashoutRow = typeof cashouts.$inferSelect;

/** Quotes: a bet's running stake's value until expiresAt, used at most once. */
export const cashoutQuotes = pgTable('taiqiu_cashout_quotes', {
  id: text('id').primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  runningStake: bigint('running_stake', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type QuoteRow = typeof cashoutQuotes.$inferSelect;

/** Automatic cash-outs: the bet's whole running stake once its value reaches `at`. */
export const cashoutAutos = pgTable('taiqiu_cashout_autos', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  at: bigint('at', { mode: 'number' }).notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
});

/** The book's cash-out rules: one row, set by the operator. */
export const cashoutRules = pgTable('taiqiu_cashout_rules', {
  id: integer('id').primaryKey(),
  marginBp: integer('margin_bp').notNull(),
  toleranceBp: integer('tolerance_bp').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
