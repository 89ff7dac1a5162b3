import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Play sessions by launch token hash, with the seed committed for the next round (drizzle/0023). */
export const demoSessions = pgTable('demo_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userName: text('user_name').notNull(),
  gameCode: text('game_code').notNull(),
  currency: text('currency').notNull(),
  serverSeed: text('server_seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  nonce: integer('nonce').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type DemoSession = typeof demoSessions.$inferSelect;

export const roundStates = [
  'dealt',
  'skipped',
  'betting',
  'refused',
  'settling',
  'settled',
  'rolling_back',
  'rolled_back',
] as const;
export type RoundState = (typeof roundStates)[number];

/** A win or rollback still to deliver: the call and its request without request_uuid. */
export interface PendingCall {
  call: 'transaction/win' | 'transaction/rollback';
  request: Record<string, unknown>;
}

/** Rounds with their seed, outcome, money and delivery state (see the migration). */
export const demoRounds = pgTable('demo_rounds', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userName: text('user_name').notNull(),
  gameCode: text('game_code').notNull(),
  serverSeed: text('server_seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull().default(0),
  payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  state: text('state', { enum: roundStates }).notNull(),
  betUuid: text('bet_uuid'),
  walletStatus: text('wallet_status'),
  pending: jsonb('pending').$type<PendingCall>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type DemoRound = typeof demoRounds.$inferSelect;
