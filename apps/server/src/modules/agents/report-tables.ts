import { bigint, bigserial, date, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/* Agent back-office II tables (drizzle/0029_agent_reports.sql). Only this module reads or writes them. */

/** '' is the row of figures of no game type. */
export type RollupGameType = '' | 'taiqiu' | 'slots' | 'poker';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** Daily roll-ups per (member, site day, game type), kept in the transaction of each event. */
export const agentDaily = pgTable(
  'agent_daily',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').$type<RollupGameType>().notNull(),
    registrations: count('registrations'),
    deposits: money('deposits'),
    depositCount: count('deposit_count'),
    firstDepositCount: count('first_deposit_count'),
    firstDeposits: money('first_deposits'),
    depositFees: money('deposit_fees'),
    withdrawals: money('withdrawals'),
    withdrawalCount: count('withdrawal_count'),
    withdrawalFees: money('withdrawal_fees'),
    betCount: count('bet_count'),
    stake: money('stake'),
    validBet: money('valid_bet'),
    payout: money('payout'),
    insurancePremiums: money('insurance_premiums'),
    insurancePayouts: money('insurance_payouts'),
    rebates: money('rebates'),
    bonuses: money('bonuses'),
    transfersIn: money('transfers_in'),
    transfersOut: money('transfers_out'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.gameType] })],
);
export type AgentDailyRow = typeof agentDaily.$inferSelect;
/** The figures of a roll-up row (everything but its key). */
export type RollupFigures = Omit<AgentDailyRow, 'userId' | 'day' | 'gameType'>;

export const platformCommissionTiers = pgTable(
  'platform_commission_tiers',
  {
    gameType: text('game_type', { enum: ['taiqiu', 'slots', 'poker'] }).notNull(),
    minValidBet: bigint('min_valid_bet', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameType, t.minValidBet] })],
);

export type SettlementKind = 'commission' | 'dividend';

export const agentSettlements = pgTable(
  'agent_settlements',
  {
    kind: text('kind').$type<SettlementKind>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    statements: integer('statements').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.period] })],
);

export const agentStatements = pgTable(
  'agent_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<SettlementKind>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    carryIn: bigint('carry_in', { mode: 'number' }).notNull().default(0),
    carryOut: bigint('carry_out', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique().on(t.agentId, t.kind, t.period)],
);
export type AgentStatementRow = typeof agentStatements.$inferSelect;

export const agentStatementLines = pgTable(
  'agent_statement_lines',
  {
    statementId: bigint('statement_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    gameType: text('game_type').$type<RollupGameType>().notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.statementId, t.memberId, t.gameType] })],
);
