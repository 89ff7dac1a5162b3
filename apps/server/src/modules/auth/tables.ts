import { bigint, bigserial, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Players (drizzle/0001_foundation.sql: username is unique case-insensitively). */
export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull().default(''),
  vipLevel: integer('vip_level').notNull().default(0),
  mobile: text('mobile'),
  inviteCode: text('invite_code').notNull().unique(),
  fundPasswordHash: text('fund_password_hash'),
  parentId: bigint('parent_id', { mode: 'number' }),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** drizzle/0017: profile fields; the birthday is set once (YYYY-MM-DD). */
  sex: text('sex', { enum: ['male', 'female', 'unspecified'] })
    .notNull()
    .default('unspecified'),
  birthday: date('birthday', { mode: 'string' }),
  /** drizzle/0034: when the player was last told of failed logins on their account (step-up.ts). */
  loginAlertAt: timestamp('login_alert_at', { withTimezone: true }),
});

/** Closure table of the invite tree, fixed at registration. */
export const userTree = pgTable(
  'user_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    descendantId: bigint('descendant_id', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] })],
);

/** Wrong passwords by account (lockout.ts: `#id`, or the lower-case name tried) and client, for the lockout. */
export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  /** drizzle/0034: the client's ipKey. */
  client: text('client').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** Registrations and failed logins by client (ipKey): its burst, which the step-up answers (step-up.ts). */
export const clientAttempts = pgTable('client_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  client: text('client').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
