import { eq, lt, or } from 'drizzle-orm';
import type { Acting } from '../../platform/operator-area.js';
import type { Conn } from '../../platform/db.js';
import { TICKET_TTL_MS } from '../../platform/live/tickets.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import { operatorLiveTickets } from './tables.js';
import { liveSessions, sessionOf } from './sessions.js';

/*
 * The console's socket (docs/design.md §6, "The console's live channel"): a logged-in console
 * session takes a one-use ticket and opens GET /ws/console?ticket= with it, as a player's app does
 * with its own tickets (platform/live/tickets.ts): a browser cannot send the session header with
 * a WebSocket, and a session token in a URL would be written into access logs.
 */

/** A ticket for the console session's socket, valid TICKET_TTL_MS. */
export async function issueConsoleTicket(db: Conn, operator: Acting, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(operatorLiveTickets).values({
    tokenHash: sha256(token),
    sessionId: sessionOf(operator),
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  });
  return token;
}

/**
 * Uses the ticket up (a second use finds nothing) and answers who the console session acts as:
 * null when the ticket is unknown, used or expired, or its session has ended since. The same
 * statement clears the tickets that expired unused.
 */
export async function redeemConsoleTicket(db: Conn, token: string, now: Date): Promise<Acting | null> {
  const hash = sha256(token);
  const deleted = await db
    .delete(operatorLiveTickets)
    .where(or(eq(operatorLiveTickets.tokenHash, hash), lt(operatorLiveTickets.expiresAt, now)))
    .returning();
  const ticket = deleted.find((t) => t.tokenHash === hash);
  if (!ticket || ticket.expiresAt <= now) return null;
  const [alive] = await liveSessions(db, [ticket.sessionId], now);
  return alive ?? null;
}
