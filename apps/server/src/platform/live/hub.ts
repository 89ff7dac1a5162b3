import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveEvent } from '@breakshot/contracts';
import type { Conn, Database } from '../db.js';
import type { SessionUser } from '../sessions.js';

/** PostgreSQL channel every instance LISTENs on. */
export const LIVE_CHANNEL = 'live';

/** What travels through NOTIFY between instances. */
export type LiveMessage =
  | { kind: 'event'; userId: number; event: LiveEvent }
  | { kind: 'broadcast'; event: LiveEvent }
  | { kind: 'session_closed'; sessionId: number };

export const CLOSE_LOGGED_OUT = 4000;
export const CLOSE_BAD_TOKEN = 4001;

/** Clients ping every 5 s; a socket silent this long is dead. */
const IDLE_LIMIT_MS = 30_000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Connection {
  socket: WebSocket;
  user: SessionUser;
  lastSeen: number;
  expiry: NodeJS.Timeout;
}

/**
 * The live connections of this instance, by user and by session. Events are published with
 * pg_notify and delivered by every instance to its own sockets, so any instance reaches the user.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly bySession = new Map<number, Set<Connection>>();
  private stopListening: (() => Promise<void>) | null = null;
  private idleCheck: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(LIVE_CHANNEL, (payload) => this.receive(payload));
    this.idleCheck = setInterval(() => this.closeIdle(), IDLE_LIMIT_MS).unref();
  }

  async stop(): Promise<void> {
    if (this.idleCheck) clearInterval(this.idleCheck);
    await this.stopListening?.();
    this.stopListening = null;
    for (const set of this.bySession.values()) for (const c of set) c.socket.close(1001, 'server stopping');
  }

  /**
   * Sends an event to every live connection of the user, on every instance. Pass the transaction
   * that changed the state: PostgreSQL then delivers the notification only if it commits.
   */
  async notifyUser(userId: number, event: LiveEvent, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'event', userId, event }, db);
  }

  /**
   * Sends an event to every live connection, on every instance (public news such as a match's
   * score). Pass the transaction that changed the state: delivered only if it commits.
   */
  async notifyAll(event: LiveEvent, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'broadcast', event }, db);
  }

  /** Closes the session's sockets on every instance (logout, revocation). */
  async closeSession(sessionId: number, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'session_closed', sessionId }, db);
  }

  /** Keeps the socket until it closes, its session ends, or it falls silent. */
  add(socket: WebSocket, user: SessionUser): void {
    const untilExpiry = Math.min(Math.max(user.expiresAt.getTime() - this.now().getTime(), 0), MAX_TIMER_MS);
    const conn: Connection = {
      socket,
      user,
      lastSeen: Date.now(),
      expiry: setTimeout(() => socket.close(CLOSE_LOGGED_OUT, 'session expired'), untilExpiry).unref(),
    };
    addTo(this.byUser, user.userId, conn);
    addTo(this.bySession, user.sessionId, conn);
    socket.on('message', () => {
      conn.lastSeen = Date.now();
    });
    socket.on('close', () => {
      clearTimeout(conn.expiry);
      removeFrom(this.byUser, user.userId, conn);
      removeFrom(this.bySession, user.sessionId, conn);
    });
  }

  /** Open sockets of a user on this instance. */
  socketCount(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  private async publish(message: LiveMessage, db: Conn): Promise<void> {
    await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
  }

  private receive(payload: string): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch (err) {
      this.log.warn({ err }, 'unreadable live notification');
      return;
    }
    if (message.kind === 'event') {
      const text = JSON.stringify(message.event);
      for (const c of this.byUser.get(message.userId) ?? []) c.socket.send(text);
    } else if (message.kind === 'broadcast') {
      const text = JSON.stringify(message.event);
      for (const set of this.bySession.values()) for (const c of set) c.socket.send(text);
    } else if (message.kind === 'session_closed') {
      for (const c of this.bySession.get(message.sessionId) ?? []) c.socket.close(CLOSE_LOGGED_OUT, 'logged out');
    }
  }

  private closeIdle(): void {
    const limit = Date.now() - IDLE_LIMIT_MS;
    for (const set of this.bySession.values()) for (const c of set) if (c.lastSeen < limit) c.socket.terminate();
  }
}

function addTo(map: Map<number, Set<Connection>>, key: number, conn: Connection): void {
  const set = map.get(key) ?? new Set<Connection>();
  set.add(conn);
  map.set(key, set);
}

function removeFrom(map: Map<number, Set<Connection>>, key: number, conn: Connection): void {
  const set = map.get(key);
  set?.delete(conn);
  if (set?.size === 0) map.delete(key);
}
