import { z } from 'zod';
import { liveMarket, matchStatus, score } from './taiqiu.js';

/** Messages of the live connection (DESIGN.md §6). The server answers each ping with the text `pong`. */
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
  markets: z.array(liveMarket).optional(),
});

/** Known server events; the client ignores types it does not know. */
export const liveEvent = z.discriminatedUnion('type', [balanceUpdated, matchUpdated]);
export type LiveEvent = z.infer<typeof liveEvent>;
