import { taiqiu } from '@breakshot/contracts';

const marketTypes = taiqiu.marketTypes as unknown as [taiqiu.MarketType, ...taiqiu.MarketType[]];
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Billiards matches (drizzle/0010_taiqiu.sql, seeds 0022_match_seeds.sql). */
export const matches = pgTable('taiqiu_matches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerAName: text('player_a_name').notNull(),
  playerAAvatar: text('player_a_avatar').notNull(),
  playerBName: text('player_b_name').notNull(),
  playerBAvatar: text('player_b_avatar').notNull(),
  bestOf: integer('best_of').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['scheduled', 'live', 'finished', 'cancelled'] })
    .notNull()
    .default('scheduled'),
  scoreA: integer('score_a').notNull().default(0),
  scoreB: integer('score_b').notNull().default(0),
  winner: text('winner', { enum: ['a', 'b'] }),
  frameWinA: doublePrecision('frame_win_a').notNull(),
  simulated: boolean('simulated').notNull().default(false),
  /** Simulated matches: secret, sealed, until the match has ended (fairness.ts); null for operator-run ones. */
  serverSeed: text('server_seed'),
  seedHash: text('seed_hash'),
  /** Winners of the frames played, in order: character n ('a' or 'b') is frame n + 1's. */
  frames: text('frames').notNull().default(''),
  phase: text('phase', { enum: ['frame', 'break'] }),
  nextStepAt: timestamp('next_step_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** A match the data feed plays: its provider and the provider's id for it (drizzle/0041_feed.sql). */
  feedProviderId: text('feed_provider_id'),
  feedMatch: text('feed_match'),
  /** The sequence number of the last feed event applied. */
  feedSeq: integer('feed_seq').notNull().default(0),
  /** ok, or why the feed holds its markets suspended: a gap in the sequence, or silence. */
  feedState: text('feed_state', { enum: ['ok', 'gap', 'stale'] })
    .notNull()
    .default('ok'),
  feedHeardAt: timestamp('feed_heard_at', { withTimezone: true }),
  /** The frame being played: its number, points, who is at the table and the break they are on. */
  frameNo: integer('frame_no').notNull().default(0),
  framePointsA: integer('frame_points_a').notNull().default(0),
  framePointsB: integer('frame_points_b').notNull().default(0),
  atTable: text('at_table', { enum: ['a', 'b'] }),
  currentBreak: integer('current_break').notNull().default(0),
  /** What the book reads (drizzle/0043_book.sql): points potted in the frame, its and the match's highest break. */
  framePotted: integer('frame_potted').notNull().default(0),
  frameHighBreak: integer('frame_high_break').notNull().default(0),
  highBreak: integer('high_break').notNull().default(0),
  /** Every break of the match, and of the frame in play, is known: no snapshot has skipped visits. */
  breaksKnown: boolean('breaks_known').notNull().default(true),
  frameBreaksKnown: boolean('frame_breaks_known').notNull().default(true),
  /** The operator's switches and margins per market type. */
  marketSettings: jsonb('market_settings').$type<MarketSettings>().notNull().default({}),
  /** How long a bet on the live match is pending before it is decided, ms (drizzle/0044_in_play.sql). */
  acceptDelayMs: integer('accept_delay_ms').notNull().default(3000),
  /** drizzle/0049_cashout.sql: the operator switched cash-out off for the match's bets. */
  cashoutOff: boolean('cashout_off').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MatchRow = typeof matches.$inferSelect;

/** Per market type: switched off for the match, and its margin if not the book's default. */
export type MarketSettings = Partial<
  Record<taiqiu.MarketType, { off?: boolean; marginBp?: number; liabilityLimit?: number | null }>
>;

/** What each player takes when odds move while a bet is pending (drizzle/0044_in_play.sql); no row: none. */
export const preferences = pgTable('taiqiu_preferences', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  oddsChange: text('odds_change', { enum: ['none', 'better', 'any'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The matches and players each player has starred (drizzle/0045_tracker.sql): a match or a player per row. */
export const favourites = pgTable('taiqiu_favourites', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  matchId: bigint('match_id', { mode: 'number' }),
  player: text('player'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Each visit to the table the feed told of (drizzle/0045_tracker.sql), by the feed's sequence number. */
export const visits = pgTable(
  'taiqiu_visits',
  {
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    frame: integer('frame').notNull(),
    player: text('player', { enum: ['a', 'b'] }).notNull(),
    points: integer('points').notNull(),
    break: integer('break').notNull(),
    foul: integer('foul').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.seq] })],
);

/** Each frame played (drizzle/0043_book.sql); points and highest break null when the feed skipped its visits. */
export const frames = pgTable(
  'taiqiu_frames',
  {
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    frame: integer('frame').notNull(),
    winner: text('winner', { enum: ['a', 'b'] }).notNull(),
    pointsA: integer('points_a'),
    pointsB: integer('points_b'),
    highBreak: integer('high_break'),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.frame] })],
);
export type FrameRow = typeof frames.$inferSelect;

export const markets = pgTable('taiqiu_markets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  matchId: bigint('match_id', { mode: 'number' }).notNull(),
  type: text('type', { enum: marketTypes }).notNull(),
  line: doublePrecision('line'),
  /** Frame markets: their frame. */
  frame: integer('frame'),
  status: text('status', { enum: ['open', 'suspended', 'closed'] })
    .notNull()
    .default('open'),
  held: boolean('held').notNull().default(false),
  minStake: bigint('min_stake', { mode: 'number' }).notNull(),
  maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
});
export type MarketRow = typeof markets.$inferSelect;

export const selections = pgTable('taiqiu_selections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  marketId: bigint('market_id', { mode: 'number' }).notNull(),
  pick: text('pick').$type<taiqiu.Pick>().notNull(),
  oddsMilli: integer('odds_milli').notNull(),
  oddsFixed: boolean('odds_fixed').notNull().default(false),
  /** The pick's outcome once certain; settled once every bet on it is. */
  result: text('result', { enum: ['won', 'lost', 'void'] }),
  settled: boolean('settled').notNull().default(false),
});
export type SelectionRow = typeof selections.$inferSelect;

/** Parlay slips (drizzle/0048_parlays.sql): a slip is a bet; its system and what it stakes a combination. */
export const parlays = pgTable('taiqiu_parlays', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey(),
  /** The combination sizes the slip covers: [n] is n串1. */
  sizes: integer('sizes').array().notNull(),
  unitStake: bigint('unit_stake', { mode: 'number' }).notNull(),
  combinations: integer('combinations').notNull(),
  potentialReturn: bigint('potential_return', { mode: 'number' }).notNull(),
});
export type ParlayRow = typeof parlays.$inferSelect;

/** A parlay's legs as the slip showed them, each with its outcome once its selection is decided. */
export const parlayLegs = pgTable(
  'taiqiu_parlay_legs',
  {
    betId: bigint('bet_id', { mode: 'number' }).notNull(),
    leg: integer('leg').notNull(),
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    selectionId: bigint('selection_id', { mode: 'number' }).notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    gameName: text('game_name').notNull(),
    marketName: text('market_name').notNull(),
    selectionName: text('selection_name').notNull(),
    result: text('result', { enum: ['won', 'lost', 'void'] }),
  },
  (t) => [primaryKey({ columns: [t.betId, t.leg] })],
);
export type ParlayLegRow = typeof parlayLegs.$inferSelect;

/** The book's parlay rules (drizzle/0048_parlays.sql): one row, set by the operator. */
export const parlayRules = pgTable('taiqiu_parlay_rules', {
  id: integer('id').primaryKey(),
  maxLegs: integer('max_legs').notNull(),
  maxReturn: bigint('max_return', { mode: 'number' }).notNull(),
  legTypes: text('leg_types').array().$type<taiqiu.MarketType[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Cash-outs of bets (drizzle/0049_cashout.sql): each the reference of its ledger transfer. */
export const cashouts = pgTable('taiqiu_cashouts', {
  cashoutNo: text('cashout_no').primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  stakePart: bigint('stake_part', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  auto: boolean('auto').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
export type CashoutRow = typeof cashouts.$inferSelect;

/** Quotes: a bet's running stake's value until expiresAt, used at most once. */
export const cashoutQuotes = pgTable('taiqiu_cashout_quotes', {
  id: text('id').primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  runningStake: bigint('running_stake', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type QuoteRow = typeof cashoutQuotes.$inferSelect;

/**
 * Automatic cash-outs: the bet's whole running stake once its value reaches `at`; `matchIds` the
 * matches of its legs, by which a match's review finds them (drizzle/0050).
 */
export const cashoutAutos = pgTable('taiqiu_cashout_autos', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  at: bigint('at', { mode: 'number' }).notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  matchIds: bigint('match_ids', { mode: 'number' }).array().notNull(),
});

/** The book's cash-out rules: one row, set by the operator. */
export const cashoutRules = pgTable('taiqiu_cashout_rules', {
  id: integer('id').primaryKey(),
  marginBp: integer('margin_bp').notNull(),
  toleranceBp: integer('tolerance_bp').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The book's trading rules (drizzle/0051_trading_limits.sql): one row, set by an admin. */
export const tradingRules = pgTable('taiqiu_trading_rules', {
  id: integer('id').primaryKey(),
  liabilityLimits: jsonb('liability_limits').$type<Partial<Record<taiqiu.MarketType, number>>>().notNull(),
  bigBet: bigint('big_bet', { mode: 'number' }),
  correctionSecondAbove: bigint('correction_second_above', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A player's stake factor (basis points of every market's maximum) and maximum stake, set by risk. */
export const playerLimits = pgTable('taiqiu_player_limits', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  stakeFactorBp: integer('stake_factor_bp').notNull(),
  maxStake: bigint('max_stake', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Alerts raised to the traders: a market at its liability limit, a big bet, a player on both
 * sides, two linked players on opposite sides (drizzle/0058).
 */
export const alerts = pgTable('taiqiu_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['limit', 'big_bet', 'both_sides', 'linked_sides'] }).notNull(),
  matchId: bigint('match_id', { mode: 'number' }).notNull(),
  marketId: bigint('market_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  betNo: text('bet_no'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ackedBy: text('acked_by'),
  ackedAt: timestamp('acked_at', { withTimezone: true }),
  /** linked_sides: the linked player on another selection of the market. */
  linkedUserId: bigint('linked_user_id', { mode: 'number' }),
});

/** How far the linked-sides sweep has read the bets (drizzle/0058). */
export const linkedSweep = pgTable('taiqiu_linked_sweep', {
  id: integer('id').primaryKey(),
  lastBetId: bigint('last_bet_id', { mode: 'number' }).notNull(),
});
export type AlertRow = typeof alerts.$inferSelect;

/** A market's selections re-decided by a correction: each one's outcome before and after. */
export type CorrectedMarket = {
  marketId: number;
  selections: { selectionId: number; before: 'won' | 'lost' | 'void'; after: 'won' | 'lost' | 'void' }[];
};

/** Result corrections (drizzle/0064_corrections.sql, corrections/). */
export const corrections = pgTable('taiqiu_corrections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  matchId: bigint('match_id', { mode: 'number' }).notNull(),
  markets: jsonb('markets').$type<CorrectedMarket[]>().notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'applied', 'rejected'] }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  rejectReason: text('reject_reason'),
  bets: integer('bets').notNull(),
  changed: integer('changed').notNull(),
  toPlayers: bigint('to_players', { mode: 'number' }).notNull(),
  fromPlayers: bigint('from_players', { mode: 'number' }).notNull(),
  debts: bigint('debts', { mode: 'number' }).notNull(),
  debtors: integer('debtors').notNull(),
  waiting: integer('waiting').notNull().default(0),
});
export type CorrectionRow = typeof corrections.$inferSelect;

/** A settled parlay a correction left undecided, waiting for its other legs (drizzle/0067). */
export const correctionWaits = pgTable('taiqiu_correction_waits', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey(),
  correctionId: bigint('correction_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Each bet a correction re-settled, its figures before and after. */
export const correctionBets = pgTable(
  'taiqiu_correction_bets',
  {
    correctionId: bigint('correction_id', { mode: 'number' }).notNull(),
    betId: bigint('bet_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    statusBefore: text('status_before').notNull(),
    statusAfter: text('status_after').notNull(),
    payoutBefore: bigint('payout_before', { mode: 'number' }).notNull(),
    payoutAfter: bigint('payout_after', { mode: 'number' }).notNull(),
    validBefore: bigint('valid_before', { mode: 'number' }).notNull(),
    validAfter: bigint('valid_after', { mode: 'number' }).notNull(),
    moved: bigint('moved', { mode: 'number' }).notNull(),
    debt: bigint('debt', { mode: 'number' }).notNull(),
    ref: text('ref').notNull(),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.betId] })],
);
