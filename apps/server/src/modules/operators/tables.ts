import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { operatorCalls } from '@breakshot/contracts';

type OperatorRole = operatorCalls.OperatorRole;

/** Operator accounts of the console (drizzle/0014_operator_console.sql). */
export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  /** Null until the operator sets one through their setup link (setup-links.ts). */
  passwordHash: text('password_hash'),
  role: text('role').$type<OperatorRole>().notNull(),
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** drizzle/0034: wrong passwords or codes for the name since the last login, shown at the next one. */
  failedLogins: integer('failed_logins').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  lastFailedIp: text('last_failed_ip'),
});
export type OperatorRow = typeof operators.$inferSelect;

/** 'setup': password right, TOTP being enrolled; 'session': a logged-in console. */
export const operatorSessions = pgTable('operator_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['setup', 'session'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Wrong passwords and codes by lower-case operator name and client, for the lockout. */
export const operatorLoginFailures = pgTable('operator_login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  /** drizzle/0034: the client's ipKey. */
  client: text('client').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** One-use tickets of the console's socket (drizzle/0052_console_live.sql); only the hash is stored. */
export const operatorLiveTickets = pgTable('operator_live_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time links an operator sets their password and authenticator through (drizzle/0055); only the hash is kept. */
export const operatorSetupLinks = pgTable('operator_setup_links', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});
