import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The wheel's eight prizes, by index (drizzle/0025_rewards.sql). */
export const wheelPrizes = pgTable('wheel_prizes', {
  index: smallint('idx').primaryKey(),
  labelZh: text('label_zh').notNull(),
  labelEn: text('label_en').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  weight: integer('weight').notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WheelPrizeRow = typeof wheelPrizes.$inferSelect;

/** Each player's committed seed of a day; server_seed, sealed (days.ts), is secret until the day has ended. */
export const wheelDays = pgTable(
  'wheel_days',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** The player's spins of a day: 1 free + fromDeposits, of which used. */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    fromDeposits: integer('from_deposits').notNull().default(0),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** Deposit orders counted for a spin, each once. */
export const wheelDepositOrders = pgTable('wheel_deposit_orders', {
  orderNo: text('order_no').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Draws with their inputs, so each can be checked once the day's seed is revealed. */
export const wheelDraws = pgTable('wheel_draws', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  prizeIndex: smallint('prize_index').notNull(),
  weights: jsonb('weights').$type<number[]>().notNull(),
  labelZh: text('label_zh').notNull(),
  labelEn: text('label_en').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  rewardId: bigint('reward_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type WheelDrawRow = typeof wheelDraws.$inferSelect;
