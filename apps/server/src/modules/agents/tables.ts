import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { agent } from '@breakshot/contracts';

type CommissionRates = agent.CommissionRates;
type MemberKind = agent.MemberKind;

/* Agent back-office tables (drizzle/0028_agents.sql). Only this module reads or writes them. */

/** Rates as stored: a game type missing from the object is 0. */
export type StoredRates = Partial<CommissionRates>;

export const agentLinks = pgTable('agent_links', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  code: text('code').notNull().unique(),
  kind: text('kind').$type<MemberKind>().notNull(),
  rates: jsonb('rates').$type<StoredRates>().notNull(),
  dividendRatioBp: integer('dividend_ratio_bp').notNull().default(0),
  remark: text('remark').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  clicks: integer('clicks').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type AgentLinkRow = typeof agentLinks.$inferSelect;

export const agentLinkClicks = pgTable(
  'agent_link_clicks',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The client address's key (ip-key.ts); null on clicks counted before addresses were kept. */
    address: text('address'),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.visitor, t.day] })],
);

export const agentProfiles = pgTable('agent_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  kind: text('kind').$type<MemberKind>().notNull().default('member'),
  rates: jsonb('rates').$type<StoredRates>().notNull().default({}),
  dividendRatioBp: integer('dividend_ratio_bp').notNull().default(0),
  linkId: bigint('link_id', { mode: 'number' }),
  shareLinkId: bigint('share_link_id', { mode: 'number' }),
  securityPasswordHash: text('security_password_hash'),
  rechargePasswordHash: text('recharge_password_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgentProfileRow = typeof agentProfiles.$inferSelect;

export const agentPasswordFailures = pgTable('agent_password_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['security', 'recharge'] }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

export const agentTransfers = pgTable('agent_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull(),
  remark: text('remark').notNull().default(''),
  requestId: text('request_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const agentCards = pgTable('agent_cards', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  displayName: text('display_name').notNull(),
  avatar: text('avatar'),
  wechat: text('wechat').notNull().default(''),
  qq: text('qq').notNull().default(''),
  telegram: text('telegram').notNull().default(''),
  phone: text('phone').notNull().default(''),
  intro: text('intro').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const memberTotals = pgTable('member_totals', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
  depositCount: integer('deposit_count').notNull().default(0),
  firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
});

// Agent back-office II (drizzle/0029): roll-ups, the platform table, settlements and statements.
export * from './report-tables.js';
