import {
  bigint,
  bigserial,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/* Agent back-office II tables (drizzle/0029_agent_reports.sql). Only this module reads or writes them. */

/** '' is the row of figures of no game type. */
export type RollupGameType = '' | 'taiqiu' | 'slots' | 'poker';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** The figure columns of a roll-up row; `tally` makes the counts (integer per member, bigint summed per team). */
function figureColumns<C>(tally: (name: string) => C) {
  return {
    registrations: tally('registrations'),
    deposits: money('deposits'),
    depositCount: tally('deposit_count'),
    firstDepositCount: tally('first_deposit_count'),
    firstDeposits: money('first_deposits'),
    depositFees: money('deposit_fees'),
    withdrawals: money('withdrawals'),
    withdrawalCount: tally('withdrawal_count'),
    withdrawalFees: money('withdrawal_fees'),
    betCount: tally('bet_count'),
    stake: money('stake'),
    validBet: money('valid_bet'),
    payout: money('payout'),
    insurancePremiums: money('insurance_premiums'),
    insurancePayouts: money('insurance_payouts'),
    rebates: money('rebates'),
    bonuses: money('bonuses'),
    transfersIn: money('transfers_in'),
    transfersOut: money('transfers_out'),
  };
}

/** Daily roll-ups per (member, site day, game type), kept in the transaction of each event. */
export const agentDaily = pgTable(
  'agent_daily',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').$type<RollupGameType>().notNull(),
    ...figureColumns(count),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.gameType] })],
);
export type AgentDailyRow = typeof agentDaily.$inferSelect;
/** The figures of a roll-up row (everything but its key). */
export type RollupFigures = Omit<AgentDailyRow, 'userId' | 'day' | 'gameType'>;

/**
 * A site day's roll-ups are final this long after it ended: an event of its last moment (a bet
 * settling at 23:59:59) may still be committing its roll-up when the day ends. Settlement and
 * the reports' cache of closed days (agentTeamDays) wait for it.
 */
export const ROLLUP_GRACE_MS = 5 * 60_000;

/** '-' is the game type of the marker row of a day cached (its figures are zero). */
export type TeamDayGameType = RollupGameType | '-';

/**
 * The reports' cache of closed days: per (agent, scope, site day, game type) the sums of the
 * roll-ups of the agent's team (or direct members); its figure columns are named as agentDaily's.
 */
export const agentTeamDays = pgTable(
  'agent_team_days',
  {
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    scope: text('scope').$type<'team' | 'direct'>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').$type<TeamDayGameType>().notNull(),
    ...figureColumns(money),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.scope, t.day, t.gameType] })],
);

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
    /** Dividend: the agent's own ratio when the week was settled (0031). */
    ratioBp: integer('ratio_bp'),
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

/**
 * The players report's cache of retention (agents/player-cohorts.ts): per registration day, the
 * players who registered (after 0) and, of them, those active on the day `after` days later —
 * written once that later day is closed (ended ROLLUP_GRACE_MS ago), as it never changes after.
 */
export const playerCohorts = pgTable(
  'player_cohorts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    after: smallint('after').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.after] })],
);
