import { z } from 'zod';
import { queueCounts } from './players-admin.js';

/*
 * The console's live connection (docs/design.md §6, "The console's live channel"): GET
 * /ws/console?ticket=, the ticket one-use and short-lived, taken with operatorsAdmin.liveTicket by a logged-in
 * console session. The console pings every PING_INTERVAL_MS (live.ts) as the app does; the server
 * answers `pong`. The socket closes when the session ends (logout, disabled, expired) within
 * half a minute.
 */

/** The path of the console's socket. */
export const CONSOLE_SOCKET_PATH = '/ws/console';

/**
 * What waits for an operator, sent when a count changes (and at once on connecting) to the
 * operators who may read the queues (playersAdmin.queues).
 */
export const queuesUpdated = z.object({ type: z.literal('QUEUES_UPDATED'), counts: queueCounts });

/**
 * Something moved on a billiards match's book: a bet placed, accepted or rejected, a cash-out,
 * a settlement or a correction. Its liability, the ticker and the trading pages read again. Sent
 * to risk operators, at most once per match every TRADING_NEWS_MS on an instance.
 */
export const tradingChanged = z.object({ type: z.literal('TRADING_CHANGED'), matchId: z.number().int() });

/** News on the same key is held this long and sent once (the last). */
export const TRADING_NEWS_MS = 250;

/** Known console events; the console ignores types it does not know. */
export const consoleEvent = z.discriminatedUnion('type', [queuesUpdated, tradingChanged]);
export type ConsoleEvent = z.infer<typeof consoleEvent>;
