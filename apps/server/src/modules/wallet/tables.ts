import type { EntryType, TransferCode } from '@breakshot/contracts';
import { bigint, bigserial, date, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The kind of a player's account (one per player). */
export const CASH = 'cash';

/** The house's accounts, one of each kind. */
export type HouseKind =
  | 'house'
  | 'gateway'
  | 'withdrawals_in_flight'
  | 'bonus_expense'
  | 'rebate_expense'
  | 'commission_expense'
  | 'adjustment';

/**
 * Each house account is this many rows (shards) of its kind, summed where read: transfers of
 * different players move different rows, instead of all queueing for one (docs/design.md §5).
 */
export const HOUSE_SHARDS = 32;

/** The house shard a player's transfers move: their own transfers queue for their cash row anyway. */
export const houseShardOf = (userId: number) => userId % HOUSE_SHARDS;

/**
 * Ledger accounts (docs/design.md §5; drizzle/0001_foundation.sql holds the CHECK that a player's
 * cash is never overdrawn and the unique (owner_id, kind)). owner_id null: a house account.
 */
export const accounts = pgTable('accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' }),
  kind: text('kind').$type<typeof CASH | HouseKind>().notNull(),
  /** A house account's shard (0 … HOUSE_SHARDS − 1); a player's cash is one row, shard 0. */
  shard: smallint('shard').notNull().default(0),
  debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
  creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
  debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
  creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money moves, append-only (drizzle/0002_ledger.sql). */
export const transfers = pgTable('transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  kind: text('kind', { enum: ['single', 'pending', 'post', 'void'] }).notNull(),
  code: text('code').$type<TransferCode>().notNull(),
  pendingId: bigint('pending_id', { mode: 'number' }),
  debitAccountId: bigint('debit_account_id', { mode: 'number' }).notNull(),
  creditAccountId: bigint('credit_account_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  referenceTable: text('reference_table').notNull(),
  referenceId: text('reference_id').notNull(),
  memo: text('memo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Changes of an account's available balance, with the balance after (fund details). */
export const entries = pgTable('entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  type: text('type').$type<EntryType>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The profit and loss's cache of the credits of closed days, per day and code (drizzle/0063, report-days.ts). */
export const reportCreditDays = pgTable(
  'report_credit_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').$type<EntryType>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type] })],
);

/** The days reportCreditDays holds. */
export const reportCreditDaysClosed = pgTable('report_credit_days_closed', {
  day: date('day', { mode: 'string' }).primaryKey(),
  cachedAt: timestamp('cached_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a player owes the house (drizzle/0064_corrections.sql, debts.ts): the sum of their debt moves. */
export const playerDebts = pgTable('player_debts', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  owed: bigint('owed', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** + a correction's shortfall, − a repayment named by its transfer. */
export const playerDebtMoves = pgTable('player_debt_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  referenceTable: text('reference_table').notNull(),
  referenceId: text('reference_id').notNull(),
  transferId: bigint('transfer_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
