import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Where a turnover requirement comes from. */
export type TurnoverSource = 'deposit' | 'bonus' | 'reward' | 'agent_transfer' | 'adjustment';
/** What an event records: a requirement added, or reduced by a bet or waived by the operator. */
export type TurnoverEventSource = TurnoverSource | 'bet' | 'waive';

/** The player's current turnover cycle (drizzle/0004_turnover.sql). */
export const turnoverBalances = pgTable('turnover_balances', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  required: bigint('required', { mode: 'number' }).notNull().default(0),
  done: bigint('done', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each requirement added and each valid bet counted, once per reference. */
export const turnoverEvents = pgTable('turnover_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['add', 'reduce'] }).notNull(),
  source: text('source').$type<TurnoverEventSource>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  referenceTable: text('reference_table').notNull(),
  referenceId: text('reference_id').notNull(),
  /** Settled bets the row counts (a player's bets settled together are one row, named by the first); 0 otherwise. */
  bets: integer('bets').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
