import { bigint, bigserial, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChannelAdapter, ChannelType, DepositStatus } from '@breakshot/contracts';

/** What a manual channel tells the player (the amount and reference are the order's). */
export type ChannelInstructions =
  | { kind: 'usdt'; network: string; address: string; note: string }
  | { kind: 'bank'; bank: string; accountName: string; accountNumber: string; note: string };

/** Recharge channels (drizzle/0003_payments.sql). */
export const payChannels = pgTable('pay_channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  type: text('type').$type<ChannelType>().notNull(),
  adapter: text('adapter').$type<ChannelAdapter>().notNull(),
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
  presets: jsonb('presets').$type<number[]>().notNull(),
  feeRate: integer('fee_rate').notNull().default(0),
  bonusRate: integer('bonus_rate').notNull().default(0),
  openTime: text('open_time').notNull().default('00:00'),
  closeTime: text('close_time').notNull().default('00:00'),
  recommended: boolean('recommended').notNull().default(false),
  instructions: jsonb('instructions').$type<ChannelInstructions>(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const depositOrders = pgTable('deposit_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  channelId: integer('channel_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  fee: bigint('fee', { mode: 'number' }).notNull(),
  bonus: bigint('bonus', { mode: 'number' }).notNull(),
  creditedAmount: bigint('credited_amount', { mode: 'number' }).notNull(),
  status: text('status').$type<DepositStatus>().notNull().default('PENDING'),
  firstDeposit: boolean('first_deposit').notNull().default(false),
  instructions: jsonb('instructions').$type<ChannelInstructions>(),
  /** USDT orders: the rate at creation (site currency per USDT × 10,000) and USDT × 100 to send. */
  usdtRateBp: bigint('usdt_rate_bp', { mode: 'number' }),
  usdtAmount: bigint('usdt_amount', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  confirmedBy: text('confirmed_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const firstDeposits = pgTable('first_deposits', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gatewaySecrets = pgTable('gateway_secrets', {
  gateway: text('gateway').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The operator's USDT exchange rate (one row). */
export const usdtRate = pgTable('usdt_rate', {
  id: integer('id').primaryKey(),
  rateBp: bigint('rate_bp', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Gateway callbacks as they arrived (drizzle/0014), with the outcome: credited, duplicate, refused: … */
export const paymentCallbacks = pgTable('payment_callbacks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gateway: text('gateway').notNull(),
  orderNo: text('order_no'),
  payload: text('payload').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
