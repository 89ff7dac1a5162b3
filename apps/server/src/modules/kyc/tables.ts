import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { kyc } from '@breakshot/contracts';

/** A player's real-name submissions (drizzle/0057_kyc.sql); the ID number sealed, never in the clear. */
export const kycSubmissions = pgTable('kyc_submissions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  realName: text('real_name').notNull(),
  /** Sealed by the server's secret box under idNumberContext (service.ts). */
  idNumberSealed: text('id_number_sealed').notNull(),
  /** The first 3 and last 4 characters, the rest as *. */
  idNumberMasked: text('id_number_masked').notNull(),
  frontImage: text('front_image').notNull(),
  backImage: text('back_image').notNull(),
  status: text('status').$type<kyc.KycStatus>().notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  rejectReason: text('reject_reason'),
});
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;

/** The amount above which a withdrawal needs an approved name (one row). */
export const kycSettings = pgTable('kyc_settings', {
  id: integer('id').primaryKey().default(1),
  requiredAmount: bigint('required_amount', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
