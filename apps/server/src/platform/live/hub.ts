import type { FastifyBaseLogger } from 'fastify';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { LiveEvent } from '@breakshot/contracts';
import { afterCommit, isTransaction, type Conn, type Database, type Tx } from '../db.js';
import { forgetSession, markManySeen, type SessionUser } from '../sessions.js';
import type { Acting } from '../operator-area.js';
import { ConsoleChannel, type ConsoleClosed, type OperatorMessage } from './console-channel.js';
import { isPing, perSocket, PONG, sendOrDrop } from './sockets.js';

export { MAX_BUFFERED_BYTES } from './sockets.js';

/** PostgreSQL channel every instance LISTENs on. */
export const LIVE_CHANNEL = 'live';

/** Messages per NOTIFY statement of the outbox (LiveHub.post). */
const OUTBOX_BATCH = 500;

/** What travels through NOTIFY between instances. */
export type LiveMessage =
  | { kind: 'event'; userId: number; event: LiveEvent }
  | { kind: 'broadcast'; event: LiveEvent; rider?: Rider }
  | { kind: 'players'; event: LiveEvent }
  | { kind: 'session_closed'; sessionId: number }
  | OperatorMessage
  | ConsoleClosed;

/**
 * Work a broadcast asks every instance to do for its own players (onRider): news that differs by
 * player and follows from the broadcast (a match's news, and each player's open bets' values on
 * it), worked out where their sockets are and sent with the broadcast in one write a socket.
 */
export interface Rider {
  name: string;
  data: unknown;
}

/** A rider's work: the players (with a socket here) it has news for, and that news. */
export type RiderWork = (data: unknown, players: number[]) => Promise<Map<number, LiveEvent>>;

export const CLOSE_LOGGED_OUT = 4000;
export const CLOSE_BAD_TOKEN = 4001;

/**
 * Guests' sockets (the public channel) per client IP and in all on one instance. A socket costs
 * memory and a share of every broadcast, and opening one needs no account: these caps keep guests
 * from exhausting the server, with room for the tabs of a household or an office behind one IP.
 */
export const MAX_GUESTS_PER_IP = 50;
export const MAX_GUESTS = 10_000;

/**
 * Clients ping every 5 s; a socket silent this long is dead. The sweep that closes them also closes
 * the sockets of sessions that expired since it last ran (sessions last days: a socket may outlive
 * its session by up to this long, where a timer per socket would cost memory on every one).
 */
const IDLE_LIMIT_MS = 30_000;

interface Connection {
  socket: WebSocket;
  /** null: a guest's socket, which hears public broadcasts only. */
  user: SessionUser | null;
  /** A guest's ipKey (MAX_GUESTS_PER_IP); null for a player. */
  ip: string | null;
  /** When the session ends (ms); Infinity for a guest. */
  expiresAt: number;
  lastSeen: number;
  /** When this socket last marked its session seen (ms; 0: not yet). */
  markedSeen: number;
}

/** A player's open socket marks the session seen (online in agent lists) at most this often. */
const MARK_SEEN_EVERY_MS = 60_000;
/**
 * The sessions to mark are gathered this long and written in one statement: one write per socket
 * a minute would be hundreds of commits a second with many sockets open.
 */
const SEEN_BATCH_MS = 1_000;
/** Sessions per statement (PostgreSQL takes at most 65,535 parameters). */
const SEEN_BATCH_MAX = 10_000;

/**
 * The live connections of this instance: players' by user and by session, and guests' (no token).
 * Events are published with pg_notify and delivered by every instance to its own sockets, so any
 * instance reaches the user.
 */
export class LiveHub {
  /** Every open socket, guests' included. */
  private readonly sockets = new Map<WebSocket, Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly bySession = new Map<number, Set<Connection>>();
  private readonly guestsByIp = new Map<string, number>();
  private guests = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private idleCheck: NodeJS.Timeout | null = null;
  /** Messages published in a transaction, to send once it commits (publish). */
  private readonly unpublished = new WeakMap<Tx, string[]>();
  /** Committed transactions' messages not sent yet, and the sending of them (stop waits for it). */
  private readonly outbox: string[] = [];
  private sending: Promise<void> | null = null;
  /** What each instance does for its own players when a broadcast's rider names it (onRider). */
  private readonly riderWork = new Map<string, RiderWork>();
  /** The players' part of the broadcasts waiting for a rider's work (in turn), null when none waits. */
  private playersTurn: Promise<void> | null = null;
  private waitingTurns = 0;
  /** Sessions to mark seen at the next flushSeen. */
  private readonly seenSessions = new Set<number>();
  private seenFlush: NodeJS.Timeout | null = null;
  /** The console's sockets here, and the events and figures sent to them. */
  readonly console: ConsoleChannel;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** Of these console sessions, those still live (the operators module); none without. */
    liveConsoleSessions: (sessionIds: number[]) => Promise<Acting[]> = async () => [],
  ) {
    this.console = new ConsoleChannel((message, db) => this.publish(message, db), log, liveConsoleSessions);
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(LIVE_CHANNEL, (payload) => this.receive(payload));
    this.idleCheck = setInterval(() => this.closeStale(), IDLE_LIMIT_MS).unref();
  }

  /** Resolves once the events of the transactions committed so far have gone out (the outbox is empty). */
  async sent(): Promise<void> {
    await this.sending;
  }

  async stop(): Promise<void> {
    // The last transactions' events still go out.
    await this.sent();
    if (this.idleCheck) clearInterval(this.idleCheck);
    if (this.seenFlush) clearTimeout(this.seenFlush);
    await this.stopListening?.();
    this.stopListening = null;
    this.console.stop();
    for (const socket of this.sockets.keys()) socket.close(1001, 'server stopping');
  }

  /**
   * Sends an event to every live connection of the user, on every instance. Pass the transaction
   * that changed the state: the event is then published once it commits (publish), never if not.
   */
  async notifyUser(userId: number, event: LiveEvent, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'event', userId, event }, db);
  }

  /**
   * Registers the work of a rider (Rider): each instance does it for the players who have a socket
   * there when a broadcast carries the rider, and sends each player its news in the same write as
   * the broadcast (one TCP write a socket, not two: bench/README.md, book-cashout).
   */
  onRider(name: string, work: RiderWork): void {
    this.riderWork.set(name, work);
  }

  /**
   * Sends an event to every live connection, guests' included, on every instance: public news
   * only (a match's score and odds, a notice), with a rider's news for each player if given (onRider).
   * Pass the transaction that changed the state: published once it commits.
   */
  async notifyAll(event: LiveEvent, db: Conn = this.database.db, rider?: Rider): Promise<void> {
    await this.publish({ kind: 'broadcast', event, ...(rider ? { rider } : {}) }, db);
  }

  /** Like notifyAll, for logged-in connections only (e.g. a message to every player). */
  async notifyPlayers(event: LiveEvent, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'players', event }, db);
  }

  /** Closes the session's sockets on every instance (logout, revocation). */
  async closeSession(sessionId: number, db: Conn = this.database.db): Promise<void> {
    await this.publish({ kind: 'session_closed', sessionId }, db);
  }

  /** Keeps a player's socket until it closes, its session ends, or it falls silent. */
  add(socket: WebSocket, user: SessionUser): void {
    const conn = this.track(socket, user, null);
    addTo(this.byUser, user.userId, conn);
    addTo(this.bySession, user.sessionId, conn);
  }

  /**
   * Whether a guest at this IP may open another socket (MAX_GUESTS_PER_IP, MAX_GUESTS); `ip` is the
   * client's ipKey (an IPv6 client's /64).
   */
  hasGuestRoom(ip: string): boolean {
    return this.guests < MAX_GUESTS && (this.guestsByIp.get(ip) ?? 0) < MAX_GUESTS_PER_IP;
  }

  /** Keeps a guest's socket, which hears public broadcasts only, until it closes or falls silent. */
  addGuest(socket: WebSocket, ip: string): void {
    this.guests += 1;
    this.guestsByIp.set(ip, (this.guestsByIp.get(ip) ?? 0) + 1);
    this.track(socket, null, ip);
  }

  /** Open sockets of a user on this instance. */
  socketCount(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Open guests' sockets on this instance. */
  guestCount(): number {
    return this.guests;
  }

  /** Counts the socket among the open ones, until it closes. */
  private track(socket: WebSocket, user: SessionUser | null, ip: string | null): Connection {
    const now = Date.now();
    const expiresAt = user ? now + (user.expiresAt.getTime() - this.now().getTime()) : Infinity;
    const conn: Connection = { socket, user, ip, expiresAt, lastSeen: now, markedSeen: 0 };
    this.sockets.set(socket, conn);
    socket.on('message', this.onMessage);
    socket.on('close', this.onClose);
    return conn;
  }

  private readonly onMessage = perSocket((socket, data: RawData, isBinary: boolean) =>
    this.heard(socket, data, isBinary),
  );
  private readonly onClose = perSocket((socket) => this.forget(socket));

  /** Any message marks the socket alive (and its session seen, now and then); a ping gets `pong`. */
  private heard(socket: WebSocket, data: RawData, isBinary: boolean): void {
    const conn = this.sockets.get(socket);
    if (!conn) return;
    conn.lastSeen = Date.now();
    if (conn.user && conn.lastSeen - conn.markedSeen >= MARK_SEEN_EVERY_MS) {
      conn.markedSeen = conn.lastSeen;
      this.seenSessions.add(conn.user.sessionId);
      this.seenFlush ??= setTimeout(() => this.flushSeen(), SEEN_BATCH_MS).unref();
    }
    if (!isBinary && isPing(data)) sendOrDrop(socket, PONG);
  }

  private forget(socket: WebSocket): void {
    const conn = this.sockets.get(socket);
    if (!conn) return;
    this.sockets.delete(socket);
    if (conn.user) {
      removeFrom(this.byUser, conn.user.userId, conn);
      removeFrom(this.bySession, conn.user.sessionId, conn);
    } else if (conn.ip !== null) {
      this.guests -= 1;
      const left = (this.guestsByIp.get(conn.ip) ?? 1) - 1;
      if (left > 0) this.guestsByIp.set(conn.ip, left);
      else this.guestsByIp.delete(conn.ip);
    }
  }

  /**
   * NOTIFY, after the commit of the transaction that made the news rather than within it:
   * PostgreSQL serializes the commits of notifying transactions through one lock of the whole
   * cluster, held until the commit's WAL flush is done, so money transactions that notified would
   * commit one at a time, each waiting for the flush of the one before (a few hundred a second on
   * a busy 2-core machine). A transaction's messages join the outbox once it commits (its caller
   * does not wait for them); Database.notify sends them without that flush. Sent after each
   * commit, two transactions' events could in principle swap places; the player app refreshes the
   * balance from the server after each event anyway (apps/web/src/lib/session.ts).
   */
  private async publish(message: LiveMessage, db: Conn): Promise<void> {
    const payload = JSON.stringify(message);
    if (!isTransaction(db)) return this.database.notify(LIVE_CHANNEL, [payload]);
    let queued = this.unpublished.get(db);
    if (!queued) {
      const payloads: string[] = [];
      afterCommit(db, () => this.post(payloads));
      this.unpublished.set(db, payloads);
      queued = payloads;
    }
    queued.push(payload);
  }

  /**
   * Adds committed transactions' messages to the outbox. One statement at a time sends it: what
   * comes in meanwhile goes out with the next, so a burst of commits costs a few statements.
   */
  private post(payloads: string[]): void {
    this.outbox.push(...payloads);
    this.sending ??= this.sendOutbox();
  }

  private async sendOutbox(): Promise<void> {
    while (this.outbox.length > 0) {
      const batch = this.outbox.splice(0, OUTBOX_BATCH);
      await this.database
        .notify(LIVE_CHANNEL, batch)
        .catch((err: unknown) => this.log.warn({ err, messages: batch.length }, 'live: publishing events failed'));
    }
    this.sending = null;
  }

  private receive(payload: string): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch (err) {
      this.log.warn({ err }, 'unreadable live notification');
      return;
    }
    switch (message.kind) {
      case 'event':
        this.send(this.byUser.get(message.userId) ?? [], message.event);
        break;
      case 'broadcast':
        this.broadcast(message.event, message.rider);
        break;
      case 'players':
        this.send(
          [...this.sockets.values()].filter((c) => c.user),
          message.event,
        );
        break;
      case 'session_closed':
        forgetSession(message.sessionId, this.now());
        for (const c of this.bySession.get(message.sessionId) ?? []) c.socket.close(CLOSE_LOGGED_OUT, 'logged out');
        break;
      case 'operators':
        this.console.receive(message);
        break;
      case 'console_session_closed':
        this.console.closeSession(message.sessionId);
        break;
    }
  }

  /**
   * Sends a broadcast: to guests at once; to players at once too unless a rider's work is to be
   * waited for, this one's (done only if a player has a socket here) or an earlier broadcast's
   * (players hear the broadcasts in the order sent). The work starts at once and is waited for in
   * turn; a failed one is logged and the broadcast goes out without its news.
   */
  private broadcast(event: LiveEvent, rider: Rider | undefined): void {
    const text = Buffer.from(JSON.stringify(event));
    const players: Connection[] = [];
    for (const c of this.sockets.values()) {
      if (c.user) players.push(c);
      else sendOrDrop(c.socket, text);
    }
    // No player has a socket here: no one to work the rider's news out for.
    const work = rider && players.length > 0 && this.riderWork.get(rider.name);
    if (!work && this.playersTurn === null) {
      for (const c of players) sendOrDrop(c.socket, text);
      return;
    }
    const news = work
      ? work(rider.data, [...this.byUser.keys()]).catch((err: unknown) => {
          this.log.warn({ err, rider: rider.name }, 'live: a rider failed');
          return new Map<number, LiveEvent>();
        })
      : Promise.resolve(new Map<number, LiveEvent>());
    this.waitingTurns += 1;
    this.playersTurn = (this.playersTurn ?? Promise.resolve())
      .then(() => news)
      .then((byPlayer) => {
        for (const c of players) sendWith(c.socket, text, byPlayer.get(c.user!.userId));
      })
      .finally(() => {
        this.waitingTurns -= 1;
        if (this.waitingTurns === 0) this.playersTurn = null;
      });
  }

  /** Serializes the event once, into one buffer that every recipient's frame shares. */
  private send(to: Iterable<Connection>, event: LiveEvent): void {
    const text = Buffer.from(JSON.stringify(event));
    for (const c of to) sendOrDrop(c.socket, text);
  }

  private flushSeen(): void {
    this.seenFlush = null;
    const ids = [...this.seenSessions];
    this.seenSessions.clear();
    const now = this.now();
    for (let i = 0; i < ids.length; i += SEEN_BATCH_MAX) {
      markManySeen(this.database.db, ids.slice(i, i + SEEN_BATCH_MAX), now).catch((err: unknown) =>
        this.log.warn({ err }, 'live: marking sessions seen failed'),
      );
    }
  }

  /** Drops the sockets fallen silent and closes those whose session has expired. */
  private closeStale(): void {
    const now = Date.now();
    const silentSince = now - IDLE_LIMIT_MS;
    for (const c of this.sockets.values()) {
      if (c.lastSeen < silentSince) c.socket.terminate();
      else if (c.expiresAt <= now) c.socket.close(CLOSE_LOGGED_OUT, 'session expired');
    }
  }
}

/**
 * Sends the broadcast's frame and the player's news after it in one TCP write: the underlying
 * socket corked around both sends (ws corks each frame itself; corks nest), so a socket costs one
 * system call, not two.
 */
function sendWith(socket: WebSocket, text: Buffer, news: LiveEvent | undefined): void {
  if (!news) return sendOrDrop(socket, text);
  const raw = (socket as unknown as { _socket?: Duplex })._socket;
  raw?.cork();
  sendOrDrop(socket, text);
  sendOrDrop(socket, JSON.stringify(news));
  raw?.uncork();
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
