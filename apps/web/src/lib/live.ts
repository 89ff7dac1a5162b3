/**
 * The live connection of docs/spec.md §4 / §9 and docs/design.md §6. Timers and the socket factory are injectable
 * so tests drive it with fake timers and a fake socket.
 */
export const PING_INTERVAL_MS = 5_000;
export const PONG_TIMEOUT_MS = 3_000;
export const RECONNECT_DELAY_MS = 5_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const NORMAL_CLOSURE = 1000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

/** What the client needs of a WebSocket. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface LiveEventMessage {
  type: string;
  [key: string]: unknown;
}

export interface LiveOptions {
  /** Fetches the one-use connection token (POST getWss); null opens the public channel (a guest's). */
  getToken: () => Promise<string> | null;
  /** Known events (BALANCE_UPDATED…); unknown types never reach it. */
  onEvent: (event: LiveEventMessage) => void;
  createSocket?: (url: string) => SocketLike;
  location?: () => { protocol: string; host: string };
  log?: (...args: unknown[]) => void;
  now?: () => number;
}

/** Event types the client handles (docs/design.md §6); every other type is ignored. */
export const KNOWN_EVENTS = new Set([
  'BALANCE_UPDATED',
  'MATCH_UPDATED',
  'NOTICE_PUBLISHED',
  'NOTICE_WITHDRAWN',
  'MESSAGE_RECEIVED',
  'BET_SETTLED',
  'BET_UPDATED',
  'CASHOUT_VALUES',
]);

/** A subscriber to one event type (see `LiveConnection.on`). */
export type LiveHandler<E extends LiveEventMessage = LiveEventMessage> = (event: E) => void;

/** The player's connection with its token; without one the public channel (match scores, notices). */
export function liveUrl(loc: { protocol: string; host: string }, token: string | null): string {
  const base = `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
  return token === null ? base : `${base}?token=${encodeURIComponent(token)}`;
}

export class LiveConnection {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private openedAt: number | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on every connect/close so late callbacks of an old attempt are ignored. */
  private generation = 0;
  private status: LiveStatus = 'idle';
  private readonly listeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  private readonly opts: Required<LiveOptions>;

  constructor(opts: LiveOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      location: () => window.location,
      log: (...args) => console.warn('[live]', ...args),
      now: () => Date.now(),
      ...opts,
    };
  }

  getStatus = (): LiveStatus => this.status;
  /** When the connection last opened (the clock's ms), or null: never yet. */
  getOpenedAt(): number | null {
    return this.openedAt;
  }
  /** Reconnect attempts made since the last successful open. */
  getAttempts(): number {
    return this.attempts;
  }
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /**
   * Subscribes to one known event type (e.g. MATCH_UPDATED): `fn` gets every such event after the
   * app-wide `onEvent`, until the returned function is called. A throwing handler is logged and
   * does not keep the others from running. Subscriptions survive reconnects.
   */
  on<E extends LiveEventMessage = LiveEventMessage>(type: string, fn: LiveHandler<E>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const handler = fn as LiveHandler;
    set.add(handler);
    return () => {
      const current = this.handlers.get(type);
      current?.delete(handler);
      if (current?.size === 0) this.handlers.delete(type);
    };
  }

  /** Opens the connection (no-op when already open or connecting). */
  connect(): void {
    if (this.status === 'open' || this.status === 'connecting') return;
    this.clearReconnect();
    void this.open();
  }

  /**
   * Manual reconnect, also after giving up, and the switch between the public and the player's
   * connection at login: closes the current socket (1000), resets the attempt count, connects again.
   */
  reconnect(): void {
    this.close();
    this.connect();
  }

  /** Manual disconnect with code 1000: no reconnect follows. */
  close(): void {
    const socket = this.socket;
    this.teardown();
    this.attempts = 0;
    if (socket) {
      try {
        socket.close(NORMAL_CLOSURE);
      } catch (err) {
        this.opts.log('close failed', err);
      }
    }
    this.setStatus('closed');
  }

  private async open(): Promise<void> {
    const gen = ++this.generation;
    this.setStatus('connecting');
    let token: string | null;
    try {
      token = await this.opts.getToken();
    } catch (err) {
      if (gen !== this.generation) return;
      this.opts.log('getWss failed', err);
      this.scheduleReconnect();
      return;
    }
    if (gen !== this.generation) return;
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(liveUrl(this.opts.location(), token));
    } catch (err) {
      this.opts.log('socket failed', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (gen !== this.generation) return;
      this.attempts = 0;
      this.setStatus('open');
      this.ping();
      this.pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS);
    };
    socket.onmessage = (ev) => {
      if (gen !== this.generation) return;
      this.handleMessage(ev.data);
    };
    socket.onerror = (ev) => {
      if (gen !== this.generation) return;
      this.opts.log('socket error', ev);
    };
    socket.onclose = (ev) => {
      if (gen !== this.generation) return;
      this.socket = null;
      this.stopHeartbeat();
      if (ev.code === NORMAL_CLOSURE) {
        this.setStatus('closed');
        return;
      }
      this.opts.log('closed abnormally', ev.code);
      this.scheduleReconnect();
    };
  }

  private ping(): void {
    const socket = this.socket;
    if (!socket) return;
    try {
      socket.send(JSON.stringify({ type: 'ping', ts: this.opts.now() }));
    } catch (err) {
      this.opts.log('send failed', err);
      this.fail();
      return;
    }
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      this.opts.log('no pong within', PONG_TIMEOUT_MS, 'ms');
      this.fail();
    }, PONG_TIMEOUT_MS);
  }

  private handleMessage(data: unknown): void {
    if (data === 'pong') {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      return;
    }
    if (typeof data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch (err) {
      this.opts.log('bad message', err);
      return;
    }
    if (msg && typeof msg === 'object' && KNOWN_EVENTS.has((msg as LiveEventMessage).type)) {
      this.dispatch(msg as LiveEventMessage);
    }
  }

  /** The app-wide handler first, then the subscribers of the event's type; each isolated. */
  private dispatch(event: LiveEventMessage): void {
    try {
      this.opts.onEvent(event);
    } catch (err) {
      this.opts.log('event handler failed', err);
    }
    const set = this.handlers.get(event.type);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(event);
      } catch (err) {
        this.opts.log('event handler failed', err);
      }
    }
  }

  /** Pong timeout or send failure: drop this socket and run the reconnect flow. */
  private fail(): void {
    const socket = this.socket;
    this.teardown();
    if (socket) {
      try {
        socket.close(4000, 'heartbeat');
      } catch {
        /* already gone */
      }
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    if (this.attempts >= MAX_RECONNECT_ATTEMPTS) {
      this.setStatus('failed');
      return;
    }
    this.attempts++;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open();
    }, RECONNECT_DELAY_MS);
  }

  private stopHeartbeat(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Forget the current socket and timers; its late callbacks are ignored. */
  private teardown(): void {
    this.generation++;
    this.stopHeartbeat();
    this.clearReconnect();
    if (this.socket) {
      this.socket.onopen = this.socket.onmessage = this.socket.onerror = null;
      this.socket.onclose = null;
    }
    this.socket = null;
  }

  private setStatus(next: LiveStatus): void {
    if (this.status === next) return;
    this.status = next;
    if (next === 'open') this.openedAt = this.opts.now();
    for (const fn of this.listeners) fn();
  }
}
