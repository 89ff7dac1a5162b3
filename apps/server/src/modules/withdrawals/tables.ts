import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { withdrawalsAdmin, withdrawals } from '@breakshot/contracts';
import type { z } from 'zod';

type WithdrawType = withdrawals.WithdrawType;
type WithdrawStatus = withdrawals.WithdrawStatus;

/** Tables of drizzle/0005_withdrawals.sql. */

export const fundPasswordFailures = pgTable('fund_password_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

export const withdrawalAccounts = pgTable('withdrawal_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  type: text('type').$type<WithdrawType>().notNull(),
  /** USDT address, WeChat ID, card number or Alipay login: sealed (sealed-numbers.ts). */
  identifier: text('identifier').notNull(),
  /** Its keyed hash and what is shown of it (drizzle/0056); null only until the start seals an older row. */
  identifierHash: text('identifier_hash'),
  masked: text('masked'),
  network: text('network').$type<withdrawals.UsdtNetwork>(),
  /** Card holder or account owner. */
  realName: text('real_name'),
  bankName: text('bank_name'),
  branch: text('branch'),
  alias: text('alias'),
  qrImage: text('qr_image'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WithdrawalAccountRow = typeof withdrawalAccounts.$inferSelect;

export const withdrawPreferences = pgTable('withdraw_preferences', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  defaultType: text('default_type').$type<WithdrawType>(),
});

export const withdrawSettings = pgTable('withdraw_settings', {
  id: integer('id').primaryKey().default(1),
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
  feeRateBps: integer('fee_rate_bps').notNull(),
  feeMinAmount: bigint('fee_min_amount', { mode: 'number' }).notNull(),
  /** Above this amount two different operators approve (drizzle/0014). */
  dualApprovalAmount: bigint('dual_approval_amount', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vipWithdrawLimits = pgTable('vip_withdraw_limits', {
  vipLevel: integer('vip_level').primaryKey(),
  perDay: integer('per_day').notNull(),
});

export const withdrawalOrders = pgTable('withdrawal_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }),
  /** What the player sees of the account. */
  accountSummary: jsonb('account_summary').$type<z.infer<typeof withdrawals.withdrawAccountSummary>>().notNull(),
  /** The account in full, for the operator who pays. */
  accountSnapshot: jsonb('account_snapshot').$type<z.infer<typeof withdrawalsAdmin.payoutAccount>>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
  netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
  status: text('status').$type<WithdrawStatus>().notNull(),
  holdTransferId: bigint('hold_transfer_id', { mode: 'number' }),
  reason: text('reason'),
  operator: text('operator'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  /** The first of two approvals a large withdrawal needs (drizzle/0014). */
  firstApprovedBy: text('first_approved_by'),
  firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
  /** Who gave the approval that moved it to approved (`operator` is whoever acted last). */
  approvedBy: text('approved_by'),
  /** drizzle/0024: the app's idempotency key of the request, unique per player. */
  requestId: text('request_id'),
});
export type WithdrawalOrderRow = typeof withdrawalOrders.$inferSelect;
