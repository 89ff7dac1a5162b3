import type { taiqiu } from '@breakshot/contracts';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Bets of every game type (drizzle/0011_bets.sql). Odds are stored × 1000. */
export const bets = pgTable('bets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  betNo: text('bet_no').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  gameType: text('game_type', { enum: ['taiqiu', 'slots', 'poker'] }).notNull(),
  gameName: text('game_name').notNull(),
  roundId: text('round_id').notNull(),
  marketId: bigint('market_id', { mode: 'number' }),
  marketType: text('market_type').$type<taiqiu.MarketType>(),
  marketName: text('market_name'),
  selectionId: bigint('selection_id', { mode: 'number' }),
  pick: text('pick').$type<taiqiu.Pick>(),
  selectionName: text('selection_name'),
  line: doublePrecision('line'),
  /** drizzle/0043: a billiards frame market's frame. */
  frame: integer('frame'),
  oddsMilli: integer('odds_milli'),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['pending', 'open', 'won', 'lost', 'void', 'rejected', 'cashout'] })
    .notNull()
    .default('open'),
  result: text('result'),
  agentChain: bigint('agent_chain', { mode: 'number' }).array().notNull().default([]),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  /** drizzle/0021: a poker insurance bet (kept apart in agent reports). */
  insurance: boolean('insurance').notNull().default(false),
  /** drizzle/0021: Hub88 units (1/1000 cent) of provider wins below a cent, not credited. */
  payoutRemainder: bigint('payout_remainder', { mode: 'number' }).notNull().default(0),
  /** drizzle/0024: the app's idempotency key of the bet, unique per player (billiards bets). */
  requestId: text('request_id'),
  /** drizzle/0038: provider wins above the game's win limit, held for an operator (not in payout). */
  payoutHeld: bigint('payout_held', { mode: 'number' }).notNull().default(0),
  /** drizzle/0044: a pending bet is decided at accept_at, its stake held by hold_transfer_id; a rejected one says why. */
  acceptAt: timestamp('accept_at', { withTimezone: true }),
  holdTransferId: bigint('hold_transfer_id', { mode: 'number' }),
  rejectedReason: text('rejected_reason'),
  /** drizzle/0049: stake cashed out so far, what it paid, and its valid bet (counted at settlement). */
  cashoutStake: bigint('cashout_stake', { mode: 'number' }).notNull().default(0),
  cashoutPaid: bigint('cashout_paid', { mode: 'number' }).notNull().default(0),
  cashoutValid: bigint('cashout_valid', { mode: 'number' }).notNull().default(0),
  /** drizzle/0051: the stake asked, when the market's liability limit took less (the bet's stake). */
  askedStake: bigint('asked_stake', { mode: 'number' }),
});

export type BetRow = typeof bets.$inferSelect;

/**
 * The profit and loss's cache of closed days (drizzle/0063, report-days.ts): a day's settled bets
 * summed per game type, game, match or provider (roundKey) and player.
 */
export const reportBetDays = pgTable(
  'report_bet_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').notNull(),
    gameName: text('game_name').notNull(),
    roundKey: text('round_key').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    bets: integer('bets').notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.gameType, t.gameName, t.roundKey, t.userId] })],
);

/** The days reportBetDays holds, with or without bets. */
export const reportBetDaysClosed = pgTable('report_bet_days_closed', {
  day: date('day', { mode: 'string' }).primaryKey(),
  cachedAt: timestamp('cached_at', { withTimezone: true }).notNull().defaultNow(),
});
