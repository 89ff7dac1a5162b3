import type { SessionUser } from './sessions.js';

/** How long a live session found in the database is trusted without looking again. */
export const SESSION_CACHE_MS = 5_000;
/** Sessions remembered; past it, the least recently cached goes. */
const MAX_SESSIONS = 10_000;

interface Entry {
  user: SessionUser;
  lastSeenAt: Date | null;
  /** Until when (ms) the entry may be used. */
  until: number;
}

/**
 * Live sessions by token hash, for a few seconds, so that a player's calls in a row do not each
 * look their session up. Revocations on this instance forget it at once, and the session is not
 * cached again for SESSION_CACHE_MS (a lookup that raced the revocation, or ran before its
 * transaction committed, cannot bring it back); another instance's revocation takes effect here
 * within SESSION_CACHE_MS. One cache per process: entries are keyed by token hash (unique to one
 * database) and forgetting too much only costs a lookup.
 */
export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly hashBySession = new Map<number, string>();
  /** Session ids revoked recently → until when (ms) they may not be cached. */
  private readonly revoked = new Map<number, number>();

  get(hash: string, now: number): Entry | undefined {
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    if (entry.until > now && !this.isRevoked(entry.user.sessionId, now)) return entry;
    this.drop(hash, entry);
    return undefined;
  }

  set(hash: string, user: SessionUser, lastSeenAt: Date | null, now: number): void {
    if (this.isRevoked(user.sessionId, now)) return;
    this.byHash.delete(hash);
    this.byHash.set(hash, { user, lastSeenAt, until: now + SESSION_CACHE_MS });
    this.hashBySession.set(user.sessionId, hash);
    if (this.byHash.size > MAX_SESSIONS) {
      const [oldest, entry] = this.byHash.entries().next().value!;
      this.drop(oldest, entry);
    }
  }

  /** The session's use was just written (markSeen). */
  seen(sessionId: number, at: Date): void {
    const hash = this.hashBySession.get(sessionId);
    const entry = hash === undefined ? undefined : this.byHash.get(hash);
    if (entry) entry.lastSeenAt = at;
  }

  /** Forgets revoked sessions and keeps them out for SESSION_CACHE_MS. */
  revoke(sessionIds: number[], now: number): void {
    for (const id of sessionIds) {
      this.revoked.set(id, now + SESSION_CACHE_MS);
      const hash = this.hashBySession.get(id);
      const entry = hash === undefined ? undefined : this.byHash.get(hash);
      if (hash !== undefined && entry) this.drop(hash, entry);
    }
    // Revocations are rare: the expired marks go when the next one comes.
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
  }

  /** A mark outlives every entry cached before it, so checking it also covers those. */
  private isRevoked(sessionId: number, now: number): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > now;
  }

  private drop(hash: string, entry: Entry): void {
    this.byHash.delete(hash);
    if (this.hashBySession.get(entry.user.sessionId) === hash) this.hashBySession.delete(entry.user.sessionId);
  }
}
