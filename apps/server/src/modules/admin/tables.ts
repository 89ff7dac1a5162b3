import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator actions (drizzle/0006_admin.sql). */
export const adminAudit = pgTable('admin_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  requestId: text('request_id').unique(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
export type AuditRow = typeof adminAudit.$inferSelect;
