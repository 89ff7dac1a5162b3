import { and, desc, eq, gt, gte, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { Conn, Db } from './db.js';
import { sessions } from './tables.js';
import { newToken, sha256 } from './tokens.js';
import { localDay } from './time-range.js';
import { SessionCache } from './session-cache.js';
import { batchedRead } from './batched-read.js';
import { preparedQuery } from './prepared.js';
import { timelineRows, type TimelineCursor } from './timeline.js';

export const SESSION_TTL_MS = 10 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  userId: number;
  sessionId: number;
  expiresAt: Date;
}

/** Where a login came from. */
export interface Device {
  ip: string | null;
  userAgent: string | null;
  /** The id the player app keeps for its device (X-Device-Id), for linked accounts. */
  deviceId?: string | null;
}

/** What a device id looks like: the app's is a UUID; anything else is not kept. */
const DEVICE_ID = /^[A-Za-z0-9-]{16,64}$/;

/** The device of a request: its address, browser (cut to 300 characters) and the app's device id. */
export const deviceOf = (req: { ip?: string | undefined; headers: Record<string, unknown> }): Device => {
  const ua = req.headers['user-agent'];
  const id = req.headers['x-device-id'];
  return {
    ip: req.ip ?? null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    deviceId: typeof id === 'string' && DEVICE_ID.test(id) ? id : null,
  };
};

export async function createSession(
  db: Conn,
  userId: number,
  now: Date,
  device?: Device,
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip: device?.ip ?? null,
      userAgent: device?.userAgent ?? null,
      deviceId: device?.deviceId ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id };
}

export type SessionLookup =
  { status: 'live'; user: SessionUser; lastSeenAt: Date | null } | { status: 'ended' } | { status: 'unknown' };

export async function findSession(db: Db, token: string, now: Date): Promise<SessionLookup> {
  return findByHash(db, sha256(token), now);
}

const recentSessions = new SessionCache();

/**
 * findSession for every call with a session: a live session found in the last few seconds is
 * not looked up again (session-cache.ts; revocations here take effect at once).
 */
export async function lookupSession(db: Db, token: string, now: Date): Promise<SessionLookup> {
  const hash = sha256(token);
  const cached = recentSessions.get(hash, now.getTime());
  if (cached) {
    if (cached.user.expiresAt <= now) return { status: 'ended' };
    return { status: 'live', user: cached.user, lastSeenAt: cached.lastSeenAt };
  }
  const found = await findByHash(db, hash, now);
  if (found.status === 'live') recentSessions.set(hash, found.user, found.lastSeenAt, now.getTime());
  return found;
}

const sessionsByHashes = preparedQuery((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(sql`${sessions.tokenHash} = ANY(${sql.placeholder('hashes')}::text[])`)
    .prepare('sessions_by_hashes'),
);

/** Sessions looked up at the same moment (players whose cache entries ran out), read together. */
const sessionRow = batchedRead(async (db, hashes: string[]) => {
  const rows = await sessionsByHashes(db).execute({ hashes });
  return new Map(rows.map((row) => [row.tokenHash, row]));
});

async function findByHash(db: Db, tokenHash: string, now: Date): Promise<SessionLookup> {
  const row = await sessionRow(db, tokenHash);
  if (!row) return { status: 'unknown' };
  if (row.revokedAt || row.expiresAt <= now) return { status: 'ended' };
  return {
    status: 'live',
    user: { userId: row.userId, sessionId: row.id, expiresAt: row.expiresAt },
    lastSeenAt: row.lastSeenAt,
  };
}

/** A player counts as online while one of their sessions was used this recently. */
export const ONLINE_WINDOW_MS = 15 * 60_000;
/** How stale last_seen_at may get: a session in use is written at most this often. */
const SEEN_EVERY_MS = 60_000;

/** Sessions whose use is to be written, gathered during one turn of the event loop, per database. */
const seenPending = new WeakMap<Conn, { ids: Set<number>; written: Promise<void> }>();

/**
 * Notes that a session was used now, unless that was noted within the last minute. The sessions
 * marked during one turn of the event loop are written together, in one statement (as
 * batched-read.ts reads): under load, one round trip and one commit for the first calls of many
 * sessions, not one each (bench/README.md, the money path). The condition repeats in the UPDATE,
 * so concurrent calls of one session write it once.
 */
export function markSeen(db: Conn, sessionId: number, lastSeenAt: Date | null, now: Date): Promise<void> {
  if (lastSeenAt && lastSeenAt.getTime() > now.getTime() - SEEN_EVERY_MS) return Promise.resolve();
  let pending = seenPending.get(db);
  if (!pending) {
    const ids = new Set<number>();
    // After the requests that arrived with this one have reached their mark.
    const written = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      seenPending.delete(db);
      return markManySeen(db, [...ids], now);
    });
    pending = { ids, written };
    seenPending.set(db, pending);
  }
  pending.ids.add(sessionId);
  return pending.written;
}

const markSessionsSeen = preparedQuery((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        sql`${sessions.id} = ANY(${sql.placeholder('ids')}::bigint[])`,
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, sql.placeholder('staleBefore'))),
      ),
    )
    .prepare('mark_sessions_seen'),
);

/** markSeen for many sessions in one statement (the live hub's sockets, gathered for a moment). */
export async function markManySeen(db: Conn, sessionIds: readonly number[], now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - SEEN_EVERY_MS);
  await markSessionsSeen(db).execute({ ids: sessionIds, now, staleBefore });
  for (const id of sessionIds) recentSessions.seen(id, now);
}

/** Condition on sessions: live and used within ONLINE_WINDOW_MS of `now`. */
export const seenSince = (now: Date) =>
  and(
    gte(sessions.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS)),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

export async function findLiveSessionById(db: Conn, sessionId: number, now: Date): Promise<SessionUser | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  return { userId: row.userId, sessionId: row.id, expiresAt: row.expiresAt };
}

export async function revokeSession(db: Conn, sessionId: number, now: Date): Promise<void> {
  recentSessions.revoke([sessionId], now.getTime());
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of a user (account disabled, self-exclusion), or every one but `keep`
 * (password changed in that session); returns their ids, to close their sockets.
 */
export async function revokeUserSessions(db: Conn, userId: number, now: Date, keep?: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id });
  const ids = rows.map((r) => r.id);
  recentSessions.revoke(ids, now.getTime());
  return ids;
}

/** Another instance revoked the session (the live hub's session_closed): stop trusting it here at once. */
export function forgetSession(sessionId: number, now: Date): void {
  recentSessions.revoke([sessionId], now.getTime());
}

/** A player's sessions, newest first (the operator's view of their devices). */
export async function sessionsOfUser(db: Conn, userId: number, limit = 20) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(limit);
}

/** The newest login of each player, by id. */
export async function lastLoginsOf(db: Conn, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: sessions.userId, at: max(sessions.createdAt) })
    .from(sessions)
    .where(inArray(sessions.userId, userIds))
    .groupBy(sessions.userId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.userId, r.at] as const] : [])));
}

/** Players who logged in, per day of the time zone since `from`. */
export async function loginsByDay(db: Conn, from: Date, timeZone: string): Promise<Map<string, number>> {
  const day = localDay(sessions.createdAt, timeZone);
  const rows = await db
    .select({ day, players: sql<number>`count(DISTINCT ${sessions.userId})`.mapWith(Number) })
    .from(sessions)
    .where(gte(sessions.createdAt, from))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.players]));
}

/** The player's logins for their timeline (platform/timeline.ts): where each came from. */
export const loginTimeline = (db: Conn, userId: number, cursor: TimelineCursor | null, limit: number) =>
  timelineRows<{ ip: string | null; device: string | null }>(
    db,
    {
      kind: 'login',
      table: sessions,
      userId,
      at: sessions.createdAt,
      id: sessions.id,
      columns: sql`${sessions.ip} AS ip, ${sessions.userAgent} AS device`,
      toEvent: (r) => ({ kind: 'login', id: r.id, at: r.at, ip: r.ip, device: r.device }),
    },
    cursor,
    limit,
  );
