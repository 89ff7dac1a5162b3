import { z } from 'zod';
import { gameType } from './bets.js';
import { unreadCounts } from './inbox.js';
import { cashoutValue } from './cashout.js';
import { frameInPlay, liveMarket, matchStatus, score, visit } from './taiqiu.js';

/** Messages of the live connection (docs/design.md §6). The server answers each ping with the text `pong`. */
export const PING_INTERVAL_MS = 5_000;
export const PONG_TIMEOUT_MS = 3_000;
export const RECONNECT_DELAY_MS = 5_000;
export const MAX_RECONNECT_ATTEMPTS = 5;

export const clientPing = z.object({ type: z.literal('ping'), ts: z.number() });

export const balanceUpdated = z.object({ type: z.literal('BALANCE_UPDATED'), balance: z.number().int() });

/**
 * Sent to every live connection when a billiards match changes: status, score, odds or market
 * status. `markets` (all of the match's markets) is present when any of them changed.
 */
export const matchUpdated = z.object({
  type: z.literal('MATCH_UPDATED'),
  matchId: z.number().int(),
  status: matchStatus,
  score,
  frame: frameInPlay.optional(),
  markets: z.array(liveMarket).optional(),
  /** The visit that moved it, when a feed visit did (the tracker adds it to its history). */
  visit: visit.optional(),
});

/** Sent to every live connection when the operator publishes a notice (the app shows it at once). */
export const noticePublished = z.object({
  type: z.literal('NOTICE_PUBLISHED'),
  id: z.number().int(),
  title: z.string(),
});

/** Sent to every live connection when the operator withdraws a notice. */
export const noticeWithdrawn = z.object({ type: z.literal('NOTICE_WITHDRAWN'), id: z.number().int() });

/**
 * Sent to a player when a personal message arrives, with the player's unread count then; a
 * broadcast to every player carries none (each count differs): the app asks for it.
 */
export const messageReceived = z.object({ type: z.literal('MESSAGE_RECEIVED'), unread: unreadCounts.optional() });

/**
 * Sent to a player when bets of theirs settle (a lost one moves no money, so no BALANCE_UPDATED
 * tells of it): pages of what bets feed (rebate, VIP progress, the daily task) refresh. Once per
 * settlement batch: `betNo` is the last of the player's bets in it.
 */
export const betSettled = z.object({
  type: z.literal('BET_SETTLED'),
  betNo: z.string(),
  gameType,
});

/**
 * Sent to a player when a pending bet is decided: accepted (open, at `odds`) or rejected (with
 * the reason; BALANCE_UPDATED follows with the stake back).
 */
export const betUpdated = z.object({
  type: z.literal('BET_UPDATED'),
  betNo: z.string(),
  status: z.enum(['open', 'rejected']),
  /** The odds it was accepted at, or was placed at if rejected; null for a parlay (its legs hold theirs). */
  odds: z.number().nullable(),
  rejectedReason: z.string().optional(),
});

/**
 * Sent to a player when a match their open billiards bets are on moves: those bets' cash-out
 * values now (after an automatic cash-out, its bet shows what still runs).
 */
export const cashoutValues = z.object({ type: z.literal('CASHOUT_VALUES'), bets: z.array(cashoutValue) });

/** Known server events; the client ignores types it does not know. */
export const liveEvent = z.discriminatedUnion('type', [
  balanceUpdated,
  matchUpdated,
  noticePublished,
  noticeWithdrawn,
  messageReceived,
  betSettled,
  betUpdated,
  cashoutValues,
]);
export type LiveEvent = z.infer<typeof liveEvent>;
