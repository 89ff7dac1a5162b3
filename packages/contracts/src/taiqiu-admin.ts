import { z } from 'zod';
import type { AdminCall } from './operator-calls.js';
import { envelope, isoTime, pageRequest, pageResult, positiveMoney } from './common.js';
import { str } from './fields.js';
import { cashoutRuleSet } from './cashout.js';
import { playerTag } from './player-risk-admin.js';
import { selectionOutcome } from './taiqiu-corrections-admin.js';
import {
  BEST_OF,
  betStatus,
  market,
  marketType,
  matchFilter,
  matchItem,
  odds,
  PARLAY_MAX_LEGS,
  parlayRuleSet,
  selection,
} from './taiqiu.js';

/*
 * Operator calls of billiards (POST under ADMIN_PREFIX, x-admin-token; see operator-calls.ts): create
 * matches, override odds, suspend and open markets, switch market types off and set their
 * margins per match, set the live score, enter the result (finishes and settles every bet) or
 * cancel (voids and refunds every bet).
 */

/** Billiards is run by risk (trading) and admin. */
const call = <Req extends z.ZodType, Res extends z.ZodType>(c: Omit<AdminCall<Req, Res>, 'roles'>) =>
  ({ ...c, roles: ['risk'] }) satisfies AdminCall<Req, Res>;

const id = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .positive('invalid')
  .max(Number.MAX_SAFE_INTEGER, 'invalid');
const frames = z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(11, 'too_big');
/** Whole or half frames (a whole line can land exactly: a push, stakes refunded). */
const line = z
  .number({ error: 'invalid_type' })
  .min(-10.5, 'too_small')
  .max(21.5, 'too_big')
  .refine((n) => Number.isInteger(n * 2), 'invalid');

/** A market type of the match: switched off for players or not, and its margin (basis points of the fair price). */
export const marketSetting = z.object({
  type: marketType,
  off: z.boolean(),
  marginBp: z.number().int(),
  /** The book's margin of the type, when the match has none of its own. */
  defaultMarginBp: z.number().int(),
  /** The most the book may lose on one market of the type (docs/design.md §9, "Limits"), minor units; null: no limit. */
  liabilityLimit: z.number().int().nullable(),
  /** The book's limit of the type, when the match has none of its own. */
  defaultLiabilityLimit: z.number().int().nullable(),
});
export type MarketSetting = z.infer<typeof marketSetting>;

/** A market as the console reads it: each selection with its outcome once decided (a correction starts from it). */
export const adminMarket = market.extend({
  selections: z.array(selection.extend({ result: selectionOutcome.nullable().optional() })),
});
export type AdminMarket = z.infer<typeof adminMarket>;

export const adminMatch = matchItem.extend({
  markets: z.array(adminMarket),
  openBets: z.number().int(),
  marketSettings: z.array(marketSetting),
  /** How long a bet on the live match is pending before it is decided, ms. */
  acceptDelayMs: z.number().int(),
  /** Cash-out switched off for the match's bets (parlays with a leg on it included). */
  cashoutOff: z.boolean(),
  /** What the book loses at worst on the match, minor units: its markets' worst cases summed (liability below). */
  liability: z.number().int(),
});

/** Sets the match's in-play acceptance delay (0: bets are accepted at once). */
export const delaySet = call({
  path: '/taiqiu/match/delay',
  request: z.strictObject({
    matchId: id,
    delayMs: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(30_000, 'too_big'),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(z.object({ id: z.number().int(), acceptDelayMs: z.number().int() })),
});
export type AdminMatch = z.infer<typeof adminMatch>;

export const matchesList = call({
  path: '/taiqiu/matches',
  request: pageRequest.extend({ status: matchFilter.optional() }).strict(),
  response: envelope(pageResult(adminMatch)),
});

export const matchCreate = call({
  path: '/taiqiu/match/create',
  request: z.strictObject({
    playerA: str().trim().min(1, 'required').max(24, 'too_long'),
    playerB: str().trim().min(1, 'required').max(24, 'too_long'),
    bestOf: z.literal(BEST_OF, { error: 'invalid' }),
    startAt: z.iso.datetime({ offset: true, error: 'invalid' }),
    /** Chance that player a wins a frame (default 0.5); prices every market. */
    frameWinA: z.number({ error: 'invalid_type' }).min(0.05, 'too_small').max(0.95, 'too_big').optional(),
    /** Frames given to player a; default ±1.5 against the favourite. */
    handicapLine: line.optional(),
    /** Total frames line; default the half-frame line nearest an even chance. */
    totalLine: line.optional(),
    minStake: positiveMoney.optional(),
    maxStake: positiveMoney.optional(),
  }),
  response: envelope(z.object({ id: z.number().int() })),
});

/** Switches a market type off (players no longer see or bet on it; bets placed stand) or on, and sets its margin. */
export const marketsSet = call({
  path: '/taiqiu/match/markets',
  request: z.strictObject({
    matchId: id,
    type: marketType,
    off: z.boolean({ error: 'invalid_type' }),
    marginBp: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(3000, 'too_big'),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(z.object({ id: z.number().int(), marketSettings: z.array(marketSetting) })),
});

export const oddsSet = call({
  path: '/taiqiu/odds/set',
  request: z.strictObject({ selectionId: id, odds }),
  response: envelope(market),
});

const marketRef = z.strictObject({ marketId: id });
const marketState = envelope(z.object({ id: z.number().int(), status: market.shape.status }));

export const marketSuspend = call({ path: '/taiqiu/market/suspend', request: marketRef, response: marketState });
export const marketOpen = call({ path: '/taiqiu/market/open', request: marketRef, response: marketState });

/** Sets the live score (a scheduled match goes live); neither side may have won yet. */
export const scoreSet = call({
  path: '/taiqiu/match/score',
  request: z.strictObject({ matchId: id, a: frames, b: frames }),
  response: envelope(z.object({ id: z.number().int(), status: matchItem.shape.status, score: matchItem.shape.score })),
});

const settledResult = envelope(
  z.object({ id: z.number().int(), status: matchItem.shape.status, settledBets: z.number().int(), at: isoTime }),
);

/** Enters the final score (one side has won): the match finishes and every open bet settles. */
export const matchResult = call({
  path: '/taiqiu/match/result',
  request: z.strictObject({ matchId: id, a: frames, b: frames }),
  response: settledResult,
});

/** Cancels a match that has not finished: every open bet is void and its stake refunded. */
export const matchCancel = call({
  path: '/taiqiu/match/cancel',
  request: z.strictObject({ matchId: id, reason: str().trim().max(200, 'too_long').optional() }),
  response: settledResult,
});

/** The book's parlay rules, as the console shows them (players read the same by taiqiu/parlay/rules). */
export const parlaySettings = call({
  path: '/taiqiu/parlay/settings',
  request: z.strictObject({}),
  response: envelope(parlayRuleSet),
});

/** Sets the parlay rules: slips placed after follow them, those placed before stand. */
export const parlaySettingsSet = call({
  path: '/taiqiu/parlay/settings/set',
  request: z.strictObject({
    maxLegs: z.number({ error: 'invalid_type' }).int('invalid').min(2, 'too_small').max(PARLAY_MAX_LEGS, 'too_big'),
    maxReturn: positiveMoney,
    legTypes: z.array(marketType).max(30, 'too_many'),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(parlayRuleSet),
});

/** The book's cash-out rules. */
export const cashoutSettings = call({
  path: '/taiqiu/cashout/settings',
  request: z.strictObject({}),
  response: envelope(cashoutRuleSet),
});

/** Sets the cash-out margin and tolerance: quotes given after follow them. */
export const cashoutSettingsSet = call({
  path: '/taiqiu/cashout/settings/set',
  request: z.strictObject({
    marginBp: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(5_000, 'too_big'),
    toleranceBp: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(5_000, 'too_big'),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(cashoutRuleSet),
});

/** Switches cash-out off (or on again) for the match's bets, parlays with a leg on it included. */
export const cashoutSwitch = call({
  path: '/taiqiu/match/cashout',
  request: z.strictObject({
    matchId: id,
    off: z.boolean({ error: 'invalid_type' }),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(z.object({ id: z.number().int(), cashoutOff: z.boolean() })),
});

/**
 * A selection's liability (docs/design.md §9, "Liability"): the running stakes on it (cash-outs
 * removed) and what they return if it wins, singles and each parlay's share; `net`, what the book
 * loses on the market if it wins: that return less every stake the market holds (below 0, a gain).
 */
export const selectionLiability = z.object({
  selectionId: z.number().int(),
  bets: z.number().int(),
  stake: z.number().int(),
  payout: z.number().int(),
  net: z.number().int(),
});
export type SelectionLiability = z.infer<typeof selectionLiability>;

export const marketLiability = z.object({
  marketId: z.number().int(),
  /** The running stakes the market holds. */
  stake: z.number().int(),
  /** The largest net of its selections: what the market loses at worst. */
  worst: z.number().int(),
  selections: z.array(selectionLiability),
});
export type MarketLiability = z.infer<typeof marketLiability>;

/** The match's liability per market and selection, as of now: its undecided selections of markets not closed. */
export const liability = call({
  path: '/taiqiu/match/liability',
  request: z.strictObject({ matchId: id }),
  response: envelope(
    z.object({
      matchId: z.number().int(),
      /** Its markets' worst cases summed. */
      worst: z.number().int(),
      markets: z.array(marketLiability),
      at: isoTime,
    }),
  ),
});

/*
 * Limits (docs/design.md §9, "Limits"): a liability limit per market type (the book's default,
 * set by an admin; a match's own, set by risk), a player's stake factor and maximum stake, and
 * the alerts raised to the traders.
 */

/** Only an admin sets the book's defaults. */
const adminCall = <Req extends z.ZodType, Res extends z.ZodType>(c: Omit<AdminCall<Req, Res>, 'roles'>) =>
  ({ ...c, roles: [] }) satisfies AdminCall<Req, Res>;

const reason = str().trim().min(1, 'required').max(200, 'too_long');

export const typeLimit = z.object({ type: marketType, liabilityLimit: positiveMoney.nullable() });

/** The book's trading rules: each market type's liability limit (null: none) and the stake of a big bet (null: no alert). */
export const tradingRuleSet = z.object({
  liabilityLimits: z.array(typeLimit),
  bigBet: positiveMoney.nullable(),
  /** A result correction moving more than this (both ways summed) waits for a second operator; null: never. */
  correctionSecondAbove: positiveMoney.nullable(),
});
export type TradingRuleSet = z.infer<typeof tradingRuleSet>;

export const tradingRules = call({
  path: '/taiqiu/trading/rules',
  request: z.strictObject({}),
  response: envelope(tradingRuleSet),
});

/** Sets the book's defaults: bets placed after follow them; a match's own limits stay. */
export const tradingRulesSet = adminCall({
  path: '/taiqiu/trading/rules/set',
  request: z.strictObject({
    liabilityLimits: z.array(typeLimit).max(30, 'too_many'),
    bigBet: positiveMoney.nullable(),
    /** Left out: as it was. */
    correctionSecondAbove: positiveMoney.nullable().optional(),
    reason,
  }),
  response: envelope(tradingRuleSet),
});

/** Sets the match's own liability limit of a market type; null: the book's default again. */
export const limitSet = call({
  path: '/taiqiu/match/limit',
  request: z.strictObject({ matchId: id, type: marketType, liabilityLimit: positiveMoney.nullable(), reason }),
  response: envelope(z.object({ id: z.number().int(), marketSettings: z.array(marketSetting) })),
});

/** A player's billiards stake limits: every market's maximum times the factor, and at most maxStake. */
export const playerStakeLimits = z.object({
  userId: z.number().int(),
  /** Basis points of every market's maximum stake (10000: the market's own). */
  stakeFactorBp: z.number().int(),
  maxStake: z.number().int().nullable(),
});
export type PlayerStakeLimits = z.infer<typeof playerStakeLimits>;

export const playerLimits = call({
  path: '/taiqiu/player/limits',
  request: z.strictObject({ userId: id }),
  response: envelope(playerStakeLimits),
});

export const playerLimitsSet = call({
  path: '/taiqiu/player/limits/set',
  request: z.strictObject({
    userId: id,
    stakeFactorBp: z.number({ error: 'invalid_type' }).int('invalid').min(100, 'too_small').max(10_000, 'too_big'),
    maxStake: positiveMoney.nullable(),
    reason,
  }),
  response: envelope(playerStakeLimits),
});

export const alertKind = z.enum(['limit', 'big_bet', 'both_sides', 'linked_sides']);
export type AlertKind = z.infer<typeof alertKind>;

/**
 * An alert to the traders: a market at its limit (amount: its worst case), a big bet, a player on
 * both sides, or a player and a linked one (player-risk-admin.ts) on opposite sides (the stake).
 */
export const alert = z.object({
  id: z.number().int(),
  kind: alertKind,
  matchId: z.number().int(),
  /** "A vs B" */
  matchName: z.string(),
  marketId: z.number().int(),
  marketName: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  betNo: z.string().nullable(),
  amount: z.number().int(),
  at: isoTime,
  ackedBy: z.string().nullable(),
  ackedAt: isoTime.nullable(),
  /** linked_sides: the linked player on another selection. */
  linkedUserId: z.number().int().nullable(),
  linkedUsername: z.string().nullable(),
});
export type Alert = z.infer<typeof alert>;

/** Alerts, newest first; `open`: only those not yet acknowledged. */
export const alerts = call({
  path: '/taiqiu/alerts',
  request: pageRequest.extend({ open: z.boolean().optional() }).strict(),
  response: envelope(pageResult(alert).extend({ open: z.number().int() })),
});

export const alertAck = call({
  path: '/taiqiu/alert/ack',
  request: z.strictObject({ id }),
  response: envelope(alert),
});

/** A leg of a ticker bet (a single has one): the selection, at the odds the bet took. */
export const tickerLeg = z.object({
  matchId: z.number().int(),
  /** "A vs B" */
  matchName: z.string(),
  marketId: z.number().int(),
  marketType,
  marketName: z.string(),
  selectionName: z.string(),
  odds: z.number(),
});

/** A billiards bet as the traders watch them come (docs/design.md §9, "The ticker"). */
export const tickerBet = z.object({
  id: z.number().int(),
  betNo: z.string(),
  userId: z.number().int(),
  username: z.string(),
  /** The player's stake factor (basis points; below 10000 the player is limited, taiqiu/player/limits). */
  stakeFactorBp: z.number().int(),
  /** The player's tags (player-risk-admin.ts). */
  tags: z.array(z.string()),
  kind: z.enum(['single', 'parlay']),
  legs: z.array(tickerLeg),
  /** The bet's odds: a single's; a parlay's, its most return over its stake (two decimals, rounded down). */
  odds: z.number(),
  stake: z.number().int(),
  /** What the player asked for when the limits cut the bet to `stake`; null: not cut. */
  askedStake: z.number().int().nullable(),
  status: betStatus,
  at: isoTime,
});
export type TickerBet = z.infer<typeof tickerBet>;

export const tickerPage = z.object({ items: z.array(tickerBet), more: z.boolean() });
export type TickerPage = z.infer<typeof tickerPage>;

/**
 * Billiards bets, newest first, TICKER_PAGE at a time: those on a match (a parlay with a leg on
 * it too), of a market type, of at least a stake, of players with a tag. `beforeId` pages back
 * (the last id of a page).
 */
export const ticker = call({
  path: '/taiqiu/ticker',
  request: z.strictObject({
    matchId: id.optional(),
    marketType: marketType.optional(),
    minStake: positiveMoney.optional(),
    /** Bets of players with this tag. */
    tag: playerTag.optional(),
    beforeId: id.optional(),
  }),
  response: envelope(tickerPage),
});
export type TickerRequest = z.output<typeof ticker.request>;
export const TICKER_PAGE = 50;

/** A match open to bets as the book's exposure overview shows it (docs/design.md §9, "Exposure"). */
export const exposureMatch = z.object({
  matchId: z.number().int(),
  /** "A vs B" */
  matchName: z.string(),
  status: z.enum(['scheduled', 'live']),
  startAt: isoTime,
  score: z.object({ a: z.number().int(), b: z.number().int() }),
  openBets: z.number().int(),
  /** The running stakes on its undecided selections. */
  stake: z.number().int(),
  /** What the book loses at worst: its markets' worst cases summed. */
  worst: z.number().int(),
  /** Its fullest market under a limit: that market's worst case in basis points of its limit; null: none has a limit. */
  fullestBp: z.number().int().nullable(),
  /** Markets a trader or a limit holds suspended. */
  heldMarkets: z.number().int(),
  /** Its alerts not yet acknowledged. */
  openAlerts: z.number().int(),
});
export type ExposureMatch = z.infer<typeof exposureMatch>;

/** The book's exposure: every match open to bets (EXPOSURE_MATCHES at most, the worst first) and the book's totals. */
export const exposure = call({
  path: '/taiqiu/exposure',
  request: z.strictObject({}),
  response: envelope(
    z.object({
      matches: z.array(exposureMatch),
      openBets: z.number().int(),
      stake: z.number().int(),
      worst: z.number().int(),
      at: isoTime,
    }),
  ),
});
export const EXPOSURE_MATCHES = 200;

export * from './taiqiu-corrections-admin.js';
