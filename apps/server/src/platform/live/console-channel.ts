import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { consoleLive, operatorCalls, type consoleLive as ConsoleLive } from '@breakshot/contracts';
import { inConsoleLane } from '../console-lane.js';
import { isTransaction, type Conn, type Tx } from '../db.js';
import type { Acting } from '../operator-area.js';
import { isPing, PONG, perSocket, sendOrDrop } from './sockets.js';

type ConsoleEvent = ConsoleLive.ConsoleEvent;
/** The roles besides admin an event is for (an admin call's `roles`). */
export type ForRoles = operatorCalls.AdminCall['roles'];

/** What travels through NOTIFY to every instance's console sockets (LiveHub). */
export interface OperatorMessage {
  kind: 'operators';
  event: ConsoleEvent;
  roles: ForRoles;
  /** News on the same key within TRADING_NEWS_MS is sent once, the last (ConsoleChannel.notify). */
  key?: string;
}

/** Through NOTIFY too: a console session ended, its sockets close on every instance. */
export interface ConsoleClosed {
  kind: 'console_session_closed';
  sessionId: number;
}

/**
 * A figure the console shows, read on a timer by each instance while an operator who may see it
 * has a socket there, and sent when it changes (and to each socket on connecting).
 */
export interface ConsoleWatch {
  name: string;
  roles: ForRoles;
  read: () => Promise<ConsoleEvent>;
}

/** How often a watch reads its figure. */
export const WATCH_EVERY_MS = 1_000;
/** As the players' sockets (hub.ts): silent this long, a socket is dead; the sweep's period too. */
const IDLE_LIMIT_MS = 30_000;

interface OperatorSocket {
  operator: Acting;
  lastSeen: number;
}

interface Watching extends ConsoleWatch {
  /** The last event read, as sent; null until the first read. */
  last: Buffer | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The console's sockets on this instance (docs/design.md §6, "The console's live channel"):
 * events for operators (pushed by the modules, through NOTIFY as players' events are), the
 * watches' figures, and the sweep that closes the sockets of sessions that ended (a logout, an
 * operator disabled) or fell silent.
 */
export class ConsoleChannel {
  private readonly sockets = new Map<WebSocket, OperatorSocket>();
  private readonly watches: Watching[] = [];
  /** Keyed news held until the next flush, by key. */
  private readonly held = new Map<string, OperatorMessage>();
  private heldFlush: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  /** Keys a transaction published already: once is enough. */
  private readonly keysOf = new WeakMap<Tx, Set<string>>();

  constructor(
    private readonly publish: (message: OperatorMessage | ConsoleClosed, db: Conn) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    /** Of these console sessions, those still live (the operators module). */
    private readonly liveSessions: (sessionIds: number[]) => Promise<Acting[]>,
  ) {}

  /**
   * Sends an event to the operators of these roles (admin always) on every instance, once the
   * transaction commits if given one. With a key, news on it is gathered: once per transaction,
   * and per instance at most once every TRADING_NEWS_MS (the last).
   */
  async notify(event: ConsoleEvent, roles: ForRoles, db: Conn, key?: string): Promise<void> {
    if (key && isTransaction(db)) {
      const keys = this.keysOf.get(db) ?? new Set<string>();
      if (keys.has(key)) return;
      keys.add(key);
      this.keysOf.set(db, keys);
    }
    await this.publish({ kind: 'operators', event, roles, ...(key ? { key } : {}) }, db);
  }

  /** Closes the console session's sockets on every instance (a logout), once the transaction commits. */
  async endSession(sessionId: number, db: Conn): Promise<void> {
    await this.publish({ kind: 'console_session_closed', sessionId }, db);
  }

  /** NOTIFY said the session ended: its sockets here close. */
  closeSession(sessionId: number): void {
    for (const [socket, conn] of this.sockets)
      if (conn.operator.sessionId === sessionId) socket.close(CLOSE_SESSION_ENDED, 'logged out');
  }

  /** Reads the watch's figure every WATCH_EVERY_MS while an operator who may see it is connected here. */
  watch(watch: ConsoleWatch): void {
    this.watches.push({ ...watch, last: null, timer: null });
  }

  /** Keeps an operator's socket until it closes, its session ends or it falls silent. */
  add(socket: WebSocket, operator: Acting): void {
    this.sockets.set(socket, { operator, lastSeen: Date.now() });
    socket.on('message', this.onMessage);
    socket.on('close', this.onClose);
    this.sweep ??= setInterval(() => void this.closeEnded(), IDLE_LIMIT_MS).unref();
    for (const w of this.watches) {
      if (!may(operator, w.roles)) continue;
      if (w.last) sendOrDrop(socket, w.last);
      if (!w.timer) this.startWatch(w);
    }
  }

  /** Open console sockets on this instance. */
  count(): number {
    return this.sockets.size;
  }

  /** NOTIFY brought an operator message: keyed news waits for the next flush, the rest goes out now. */
  receive(message: OperatorMessage): void {
    if (!message.key) return this.send(message);
    this.held.set(message.key, message);
    this.heldFlush ??= setTimeout(() => this.flushHeld(), consoleLive.TRADING_NEWS_MS).unref();
  }

  stop(): void {
    for (const w of this.watches) this.stopWatch(w);
    if (this.heldFlush) clearTimeout(this.heldFlush);
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    for (const socket of this.sockets.keys()) socket.close(1001, 'server stopping');
  }

  private readonly onMessage = perSocket((socket, data: RawData, isBinary: boolean) => {
    const conn = this.sockets.get(socket);
    if (!conn) return;
    conn.lastSeen = Date.now();
    if (!isBinary && isPing(data)) sendOrDrop(socket, PONG);
  });

  private readonly onClose = perSocket((socket) => {
    this.sockets.delete(socket);
    for (const w of this.watches) if (w.timer && !this.anyMay(w.roles)) this.stopWatch(w);
    if (this.sockets.size === 0 && this.sweep) {
      clearInterval(this.sweep);
      this.sweep = null;
    }
  });

  private flushHeld(): void {
    this.heldFlush = null;
    const messages = [...this.held.values()];
    this.held.clear();
    for (const m of messages) this.send(m);
  }

  private send(message: OperatorMessage): void {
    this.sendText(Buffer.from(JSON.stringify(message.event)), message.roles);
  }

  private sendText(text: Buffer, roles: ForRoles): void {
    for (const [socket, conn] of this.sockets) if (may(conn.operator, roles)) sendOrDrop(socket, text);
  }

  private startWatch(w: Watching): void {
    const tick = async (): Promise<void> => {
      try {
        const text = Buffer.from(JSON.stringify(await inConsoleLane(w.read)));
        if (w.last?.equals(text)) return;
        w.last = text;
        this.sendText(text, w.roles);
      } catch (err) {
        this.log.warn({ err, watch: w.name }, 'console: a watch failed');
      }
    };
    w.timer = setInterval(() => void tick(), WATCH_EVERY_MS).unref();
    void tick();
  }

  private stopWatch(w: Watching): void {
    if (w.timer) clearInterval(w.timer);
    w.timer = null;
    // A socket connecting later waits for a fresh read, not a figure that may have aged.
    w.last = null;
  }

  private anyMay(roles: ForRoles): boolean {
    for (const conn of this.sockets.values()) if (may(conn.operator, roles)) return true;
    return false;
  }

  /** Closes the sockets fallen silent, and those whose session ended (logout, disabled, expired). */
  private async closeEnded(): Promise<void> {
    const silentSince = Date.now() - IDLE_LIMIT_MS;
    for (const [socket, conn] of this.sockets) if (conn.lastSeen < silentSince) socket.terminate();
    const ids = [...new Set([...this.sockets.values()].map((c) => c.operator.sessionId!))];
    try {
      const live = new Set((await inConsoleLane(() => this.liveSessions(ids))).map((a) => a.sessionId));
      for (const [socket, conn] of this.sockets)
        if (!live.has(conn.operator.sessionId)) socket.close(CLOSE_SESSION_ENDED, 'session ended');
    } catch (err) {
      this.log.warn({ err }, 'console: checking sessions failed');
    }
  }
}

/** As a player's socket whose session ended (hub.ts CLOSE_LOGGED_OUT): the console stops reconnecting. */
export const CLOSE_SESSION_ENDED = 4000;

const may = (operator: Acting, roles: ForRoles): boolean => operatorCalls.mayCall(operator.role, { roles });
