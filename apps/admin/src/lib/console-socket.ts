import { consoleLive, PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS } from '@breakshot/contracts';

/*
 * The console's live connection (docs/design.md §6, "The console's live channel"): a one-use
 * ticket, then GET /ws/console?ticket=; a ping every PING_INTERVAL_MS answered by `pong`; events
 * as JSON (consoleLive.consoleEvent, unknown types ignored). It reconnects after a failure, with a
 * small backoff, for as long as it runs, except when the server says the session ended.
 */

/**
 * open: events arrive; connecting: the first attempt; down: failed, trying again; ended: the server
 * closed it because the session ended, and it is not tried again.
 */
export type LiveState = 'open' | 'connecting' | 'down' | 'ended';

/** The server closed it because the operator's session ended: no new attempt. */
export const CLOSE_SESSION_ENDED = 4000;
/** The ticket was refused (used or expired): a new ticket at once. */
export const CLOSE_BAD_TICKET = 4001;
/** The longest wait between two attempts. */
export const MAX_RECONNECT_DELAY_MS = 30_000;
/** A close of ours (stop, or a silent server): its own close event is not waited for. */
const NORMAL_CLOSURE = 1000;

/** What the connection needs of a WebSocket (the browser's; a fake in the tests). */
interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface ConsoleSocketOptions {
  /** Takes a ticket (operatorsAdmin.liveTicket). */
  ticket: () => Promise<string>;
  onEvent: (event: consoleLive.ConsoleEvent) => void;
  onState: (state: LiveState) => void;
  /** The server closed the socket because the session ended. */
  onSessionEnded?: () => void;
}

/** ws(s)://<this host>/ws/console?ticket=… */
export function consoleSocketUrl(loc: { protocol: string; host: string }, ticket: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${consoleLive.CONSOLE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`;
}

/** How long to wait before attempt `n` (1, 2, …) after a failure: 5 s, 10 s, 20 s, then 30 s. */
export const reconnectDelay = (n: number): number =>
  Math.min(RECONNECT_DELAY_MS * 2 ** Math.max(0, n - 1), MAX_RECONNECT_DELAY_MS);

export class ConsoleSocket {
  private socket: SocketLike | null = null;
  /** Failed attempts since the server last answered. */
  private failures = 0;
  /** Bumped at each attempt and at stop: late callbacks of an older attempt are ignored. */
  private generation = 0;
  private running = false;
  private timers: { ping?: ReturnType<typeof setInterval>; pong?: ReturnType<typeof setTimeout> } = {};
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: ConsoleSocketOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.opts.onState('connecting');
    void this.attempt();
  }

  /** Closes the socket (logout, or the console left): nothing is tried again. */
  stop(): void {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.drop();
  }

  private async attempt(): Promise<void> {
    const gen = ++this.generation;
    let ticket: string;
    try {
      ticket = await this.opts.ticket();
    } catch {
      if (gen === this.generation) this.failed();
      return;
    }
    if (gen !== this.generation || !this.running) return;
    let socket: SocketLike;
    try {
      socket = new WebSocket(consoleSocketUrl(window.location, ticket)) as unknown as SocketLike;
    } catch {
      this.failed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (gen !== this.generation) return;
      this.opts.onState('open');
      this.ping();
      this.timers.ping = setInterval(() => this.ping(), PING_INTERVAL_MS);
    };
    socket.onmessage = (ev) => {
      if (gen === this.generation) this.received(ev.data);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (gen !== this.generation) return;
      this.socket = null;
      this.drop();
      if (ev.code === CLOSE_SESSION_ENDED) {
        this.running = false;
        this.opts.onState('ended');
        this.opts.onSessionEnded?.();
        return;
      }
      // A refused ticket right after a working connection: a new one at once; else the backoff.
      this.failed(ev.code === CLOSE_BAD_TICKET && this.failures === 0 ? 0 : undefined);
    };
  }

  private received(data: unknown): void {
    // Any answer says the server hears us: the heartbeat is fine and the backoff starts over.
    if (this.timers.pong) clearTimeout(this.timers.pong);
    this.timers.pong = undefined;
    this.failures = 0;
    if (data === 'pong' || typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const event = consoleLive.consoleEvent.safeParse(message);
    if (event.success) this.opts.onEvent(event.data);
  }

  private ping(): void {
    try {
      this.socket?.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    } catch {
      this.silent();
      return;
    }
    if (this.timers.pong) return;
    this.timers.pong = setTimeout(() => this.silent(), PONG_TIMEOUT_MS);
  }

  /** No answer to a ping (a connection gone without a close): dropped, and tried again. */
  private silent(): void {
    this.drop();
    this.failed();
  }

  /** After a failure: `down`, and the next attempt after the backoff (or `delay`). */
  private failed(delay?: number): void {
    if (!this.running) return;
    this.failures += 1;
    this.opts.onState('down');
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.running) void this.attempt();
      },
      delay ?? reconnectDelay(this.failures),
    );
  }

  /** Forgets the socket and its timers (closing it if still there); its late callbacks are ignored. */
  private drop(): void {
    this.generation += 1;
    if (this.timers.ping) clearInterval(this.timers.ping);
    if (this.timers.pong) clearTimeout(this.timers.pong);
    this.timers = {};
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(NORMAL_CLOSURE);
    } catch {
      // already closed
    }
  }
}
