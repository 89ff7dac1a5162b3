import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { games as contract, gamesAdmin, hub88 } from '@breakshot/contracts';

/** Providers of the seamless wallet (drizzle/0021_games.sql). */
export const gameProviders = pgTable('game_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  publicKey: text('public_key').notNull(),
  launchUrl: text('launch_url').notNull(),
  gameTypes: text('game_types').array().$type<contract.LobbyGameType[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProviderRow = typeof gameProviders.$inferSelect;

/** The catalogue: one row per Hub88 game_code. */
export const games = pgTable('games', {
  code: text('code').primaryKey(),
  providerId: text('provider_id').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  gameType: text('game_type').$type<contract.LobbyGameType>().notNull(),
  image: text('image').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** drizzle/0038: the game's own win limit (a multiple of a round's stakes); null: game_settings'. */
  maxWinMultiple: integer('max_win_multiple'),
});
export type GameRow = typeof games.$inferSelect;

/** Settings of provider games, one row (drizzle/0038_win_limits.sql). */
export const gameSettings = pgTable('game_settings', {
  id: boolean('id').primaryKey().default(true),
  /** The win limit of games without their own. */
  maxWinMultiple: integer('max_win_multiple').notNull(),
});

/** Launch tokens by SHA-256. */
export const gameTokens = pgTable('game_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
export type GameTokenRow = typeof gameTokens.$inferSelect;

/** Every provider transaction with its final answer (see the migration for the columns). */
export const providerTransactions = pgTable('provider_transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: text('provider_id').notNull(),
  transactionUuid: text('transaction_uuid').notNull(),
  kind: text('kind', { enum: ['bet', 'win', 'rollback'] }).notNull(),
  referenceUuid: text('reference_uuid'),
  fingerprint: text('fingerprint').notNull(),
  userName: text('user_name').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  gameCode: text('game_code'),
  round: text('round'),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  remainder: bigint('remainder', { mode: 'number' }).notNull().default(0),
  /** drizzle/0038: of a win, the cents above the win limit, held (amount − held was credited). */
  held: bigint('held', { mode: 'number' }).notNull().default(0),
  ownPayout: boolean('own_payout').notNull().default(false),
  status: text('status').$type<hub88.Hub88Status>().notNull(),
  answer: jsonb('answer').$type<hub88.Hub88Answer>().notNull(),
  betNo: text('bet_no'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;

/** Wins held above the win limit, waiting for an operator or decided (drizzle/0038_win_limits.sql). */
export const providerHeldWins = pgTable('provider_held_wins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  providerId: text('provider_id').notNull(),
  gameCode: text('game_code').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  round: text('round').notNull(),
  transactionUuid: text('transaction_uuid').notNull(),
  betNo: text('bet_no').notNull(),
  winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  roundStakes: bigint('round_stakes', { mode: 'number' }).notNull(),
  maxWinMultiple: integer('max_win_multiple').notNull(),
  status: text('status').$type<gamesAdmin.HeldWinStatus>().notNull().default('waiting'),
  ownPayout: boolean('own_payout').notNull().default(false),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type HeldWinRow = typeof providerHeldWins.$inferSelect;
