import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Login sessions (drizzle/0001_foundation.sql). Only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Where the login came from (drizzle/0014), shown to operators as the player's devices. */
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** The app's device id (drizzle/0056), for linked accounts. */
  deviceId: text('device_id'),
  /** Last call made with it (drizzle/0028), written at most once a minute: who is online. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

/** One-use tokens of the live connection. */
export const liveTickets = pgTable('live_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Operator actions (drizzle/0006_admin.sql), written with the change they record (audit.ts). */
export const adminAudit = pgTable('admin_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  requestId: text('request_id').unique(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** The state the action changed, before and after it (drizzle/0014); null where it made something new. */
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
});
export type AuditRow = typeof adminAudit.$inferSelect;

/** RSA key pairs the server signs with (drizzle/0020, platform/signing.ts), by name. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Proof-of-work challenges already used, by their random part, kept until they expire (proof-of-work.ts). */
export const powSpent = pgTable('pow_spent', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
