import { eq, lt, or } from 'drizzle-orm';
import type { Conn } from '../db.js';
import { findLiveSessionById, type SessionUser } from '../sessions.js';
import { liveTickets } from '../tables.js';
import { newToken, sha256 } from '../tokens.js';

export const TICKET_TTL_MS = 60_000;

/** A one-use token for GET /ws?token= (docs/design.md §6); only its hash is stored. */
export async function issueTicket(db: Conn, sessionId: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(liveTickets)
    .values({ tokenHash: sha256(token), sessionId, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) });
  return token;
}

/**
 * Uses the ticket up (the DELETE makes a second use find nothing) and returns its live session.
 * The same statement clears the tickets that expired unused.
 */
export async function redeemTicket(db: Conn, token: string, now: Date): Promise<SessionUser | null> {
  const hash = sha256(token);
  const deleted = await db
    .delete(liveTickets)
    .where(or(eq(liveTickets.tokenHash, hash), lt(liveTickets.expiresAt, now)))
    .returning();
  const ticket = deleted.find((t) => t.tokenHash === hash);
  if (!ticket || ticket.expiresAt <= now) return null;
  return findLiveSessionById(db, ticket.sessionId, now);
}
