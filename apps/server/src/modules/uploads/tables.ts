import { bigint, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Uploaded images (drizzle/0015_uploads.sql; the ID card's purposes drizzle/0057_kyc.sql). */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose', { enum: ['avatar', 'feedback', 'wechat_qr', 'kyc_front', 'kyc_back'] }).notNull(),
  format: text('format', { enum: ['jpg', 'png', 'webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
