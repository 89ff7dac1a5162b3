import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, operatorsAdmin } from '@breakshot/contracts';
import { AppError } from '../../platform/errors.js';
import type { Conn } from '../../platform/db.js';
import type { Acting } from '../../platform/operator-area.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import { operators, operatorSessions } from './tables.js';

/** Calls that act on the console session itself; the CLI's token has none. */
export function sessionOf(operator: Acting): number {
  if (operator.sessionId === null) throw new AppError(ErrorCode.BAD_REQUEST, 'operatorNoSession');
  return operator.sessionId;
}

export type OperatorSessionKind = (typeof operatorSessions.$inferSelect)['kind'];

/** Where a login came from, kept on its session. */
export interface Client {
  ip: string | undefined;
  userAgent: string | undefined;
}

const LIFETIME_MS: Record<OperatorSessionKind, number> = {
  session: operatorsAdmin.OPERATOR_SESSION_HOURS * 60 * 60 * 1000,
  setup: operatorsAdmin.TOTP_SETUP_MINUTES * 60 * 1000,
};

/** A new session or setup token (256 bits; only its SHA-256 is stored). */
export async function openOperatorSession(
  db: Conn,
  operatorId: number,
  kind: OperatorSessionKind,
  client: Client,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[kind]);
  await db.insert(operatorSessions).values({
    operatorId,
    kind,
    tokenHash: sha256(token),
    ip: client.ip?.slice(0, 64) ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** A live (not revoked, not expired) session of the kind, with its operator. */
export async function liveOperatorSession(db: Conn, token: string, kind: OperatorSessionKind, now: Date) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, sha256(token)),
        eq(operatorSessions.kind, kind),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Who a console session token acts as: only a logged-in session (not a setup token), not
 * ended, not expired, of an active operator; null otherwise.
 */
export async function findOperatorSession(db: Conn, token: string, now: Date): Promise<Acting | null> {
  const row = await liveOperatorSession(db, token, 'session', now);
  if (!row || row.operator.status !== 'active') return null;
  return { name: row.operator.username, role: row.operator.role, sessionId: row.session.id };
}

/**
 * Of these console sessions, those still live: logged in (not a setup token), not ended, not
 * expired, their operator active; with when each expires.
 */
export async function liveSessions(
  db: Conn,
  sessionIds: number[],
  now: Date,
): Promise<(Acting & { expiresAt: Date })[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      name: operators.username,
      role: operators.role,
      sessionId: operatorSessions.id,
      expiresAt: operatorSessions.expiresAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        inArray(operatorSessions.id, sessionIds),
        eq(operatorSessions.kind, 'session'),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        eq(operators.status, 'active'),
      ),
    );
}

/** Ends a session (or setup token); false when it had ended already. */
export async function revokeOperatorSession(db: Conn, sessionId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return rows.length > 0;
}

/** Ends an operator's open setup tokens (a new enrolment replaces them). */
export async function revokeSetupSessions(db: Conn, operatorId: number, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        eq(operatorSessions.kind, 'setup'),
        isNull(operatorSessions.revokedAt),
      ),
    );
}

/** Ends every open session and setup token of an operator (disabled, TOTP reset). */
export async function revokeAllSessions(db: Conn, operatorId: number, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
