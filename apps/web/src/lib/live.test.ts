import {
  liveEvent,
  PING_INTERVAL_MS as P,
  PONG_TIMEOUT_MS as PT,
  RECONNECT_DELAY_MS as R,
  MAX_RECONNECT_ATTEMPTS as M,
} from '@breakshot/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KNOWN_EVENTS,
  LiveConnection,
  liveUrl,
  MAX_RECONNECT_ATTEMPTS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_DELAY_MS,
  type SocketLike,
} from './live';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | undefined;
  failSend = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.failSend) throw new Error('send failed');
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  // server side
  open() {
    this.onopen?.({});
  }
  message(data: string) {
    this.onmessage?.({ data });
  }
  serverClose(code: number) {
    this.onclose?.({ code });
  }
  pings() {
    return this.sent.map((s) => JSON.parse(s) as { type: string; ts: number }).filter((m) => m.type === 'ping');
  }
}

const last = () => FakeSocket.all.at(-1)!;

function setup(protocol = 'http:') {
  let n = 0;
  const getToken = vi.fn(async () => `tok${++n}`);
  const onEvent = vi.fn();
  const live = new LiveConnection({
    getToken,
    onEvent,
    createSocket: (url) => new FakeSocket(url),
    location: () => ({ protocol, host: 'game.example.com:3000' }),
    log: () => {},
  });
  return { live, getToken, onEvent };
}

/** Let the getWss promise resolve. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('live constants', () => {
  it('match the contracts and docs/spec.md §9', () => {
    expect([PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS, MAX_RECONNECT_ATTEMPTS]).toEqual([P, PT, R, M]);
    expect([PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS, MAX_RECONNECT_ATTEMPTS]).toEqual([
      5000, 3000, 5000, 5,
    ]);
  });
});

describe('LiveConnection (docs/spec.md §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('builds ws: on http and wss: on https at the current host, path /ws, token query', () => {
    expect(liveUrl({ protocol: 'http:', host: 'h:1' }, 'a b')).toBe('ws://h:1/ws?token=a%20b');
    expect(liveUrl({ protocol: 'https:', host: 'h' }, 't')).toBe('wss://h/ws?token=t');
    expect(liveUrl({ protocol: 'https:', host: 'h' }, null)).toBe('wss://h/ws');
  });

  it('a guest (no token) opens the public channel: /ws with no token query', async () => {
    const live = new LiveConnection({
      getToken: () => null,
      onEvent: vi.fn(),
      createSocket: (u) => new FakeSocket(u),
      log: () => {},
      location: () => ({ protocol: 'http:', host: 'h' }),
    });
    live.connect();
    await flush();
    expect(last().url).toBe('ws://h/ws');
    last().open();
    expect(live.getStatus()).toBe('open');
    expect(last().pings()).toHaveLength(1);
  });

  it('reconnect (the switch at login) closes the current socket with 1000 and opens a new one', async () => {
    const { live, getToken } = setup();
    live.connect();
    await flush();
    const before = last();
    before.open();
    live.reconnect();
    expect(before.closedWith).toBe(1000);
    await flush();
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(last()).not.toBe(before);
    expect(last().url).toBe('ws://game.example.com:3000/ws?token=tok2');
    last().open();
    // The old socket's late close changes nothing.
    before.serverClose(1000);
    expect(live.getStatus()).toBe('open');
  });

  it('fetches the getWss token first, then opens the socket with it', async () => {
    const { live, getToken } = setup('https:');
    live.connect();
    expect(getToken).toHaveBeenCalledOnce();
    expect(FakeSocket.all).toHaveLength(0);
    await flush();
    expect(last().url).toBe('wss://game.example.com:3000/ws?token=tok1');
  });

  it('pings at open, then every 5 s', async () => {
    const { live } = setup();
    live.connect();
    await flush();
    const s = last();
    expect(s.sent).toHaveLength(0);
    s.open();
    expect(live.getStatus()).toBe('open');
    expect(s.pings()).toHaveLength(1);
    expect(s.pings()[0]!.ts).toBe(Date.now());
    s.message('pong');
    await vi.advanceTimersByTimeAsync(4999);
    expect(s.pings()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.pings()).toHaveLength(2);
    s.message('pong');
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.pings()).toHaveLength(3);
  });

  it('a pong clears the pong timer: no reconnect while pongs arrive', async () => {
    const { live, getToken } = setup();
    live.connect();
    await flush();
    last().open();
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(2999);
      last().message('pong');
      await vi.advanceTimersByTimeAsync(2001);
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(getToken).toHaveBeenCalledOnce();
    expect(live.getStatus()).toBe('open');
  });

  it('no pong within 3 s → drops the socket and reconnects after 5 s (new getWss token)', async () => {
    const { live, getToken } = setup();
    live.connect();
    await flush();
    const s = last();
    s.open();
    await vi.advanceTimersByTimeAsync(2999);
    expect(live.getStatus()).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(live.getStatus()).toBe('reconnecting');
    expect(s.closedWith).not.toBe(1000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toContain('token=tok2');
  });

  it('abnormal close → reconnect after 5 s; open resets the retry count', async () => {
    const { live } = setup();
    live.connect();
    await flush();
    last().open();
    last().serverClose(1006);
    expect(live.getStatus()).toBe('reconnecting');
    expect(live.getAttempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(live.getAttempts()).toBe(0);
    expect(live.getStatus()).toBe('open');
  });

  it('close with code 1000 from the server → no reconnect', async () => {
    const { live } = setup();
    live.connect();
    await flush();
    last().open();
    last().serverClose(1000);
    expect(live.getStatus()).toBe('closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('manual close uses code 1000, stops pings and never reconnects', async () => {
    const { live } = setup();
    live.connect();
    await flush();
    const s = last();
    s.open();
    live.close();
    expect(s.closedWith).toBe(1000);
    s.serverClose(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.pings()).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);
    expect(live.getStatus()).toBe('closed');
  });

  it('at most 5 reconnect attempts, then gives up; manual reconnect works afterwards', async () => {
    const { live, getToken } = setup();
    live.connect();
    await flush();
    last().serverClose(1006); // initial connection fails
    for (let i = 1; i <= 5; i++) {
      expect(live.getStatus()).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(5000);
      expect(FakeSocket.all).toHaveLength(1 + i);
      last().serverClose(1006);
    }
    expect(live.getStatus()).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(6);
    expect(getToken).toHaveBeenCalledTimes(6);

    live.reconnect();
    await flush();
    expect(FakeSocket.all).toHaveLength(7);
    last().open();
    expect(live.getStatus()).toBe('open');
    expect(live.getAttempts()).toBe(0);
  });

  it('getWss failure is logged and runs the reconnect flow', async () => {
    const getToken = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValue('ok');
    const live = new LiveConnection({
      getToken,
      onEvent: vi.fn(),
      createSocket: (u) => new FakeSocket(u),
      log: () => {},
      location: () => ({ protocol: 'http:', host: 'h' }),
    });
    live.connect();
    await flush();
    expect(live.getStatus()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(last().url).toBe('ws://h/ws?token=ok');
  });

  it('a failed send → reconnect after 5 s', async () => {
    const { live } = setup();
    live.connect();
    await flush();
    const s = last();
    s.failSend = true;
    s.open();
    expect(live.getStatus()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('BALANCE_UPDATED reaches the handler; unknown events and bad JSON are ignored', async () => {
    const { live, onEvent } = setup();
    live.connect();
    await flush();
    last().open();
    last().message(JSON.stringify({ type: 'BALANCE_UPDATED', balance: 12345 }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'BALANCE_UPDATED', balance: 12345 });
    last().message(JSON.stringify({ type: 'SOMETHING_NEW', x: 1 }));
    last().message('not json');
    expect(onEvent).toHaveBeenCalledOnce();
    expect(live.getStatus()).toBe('open');
  });

  it('every event of the contracts reaches the handler (BET_SETTLED: a lost bet moves no money)', async () => {
    expect([...KNOWN_EVENTS].sort()).toEqual(liveEvent.options.map((o) => o.shape.type.value).sort());
    const { live, onEvent } = setup();
    live.connect();
    await flush();
    last().open();
    const settled = { type: 'BET_SETTLED', betNo: 'B1', gameType: 'taiqiu' };
    last().message(JSON.stringify(settled));
    expect(onEvent).toHaveBeenCalledWith(settled);
  });

  it('BET_UPDATED (a pending in-play bet decided) reaches the handler and its subscribers', async () => {
    const { live, onEvent } = setup();
    const updated = vi.fn();
    live.on('BET_UPDATED', updated);
    live.connect();
    await flush();
    last().open();
    const accepted = { type: 'BET_UPDATED', betNo: 'B2', status: 'open', odds: 2.1 };
    const rejected = { type: 'BET_UPDATED', betNo: 'B3', status: 'rejected', odds: 1.8, rejectedReason: 'oddsChanged' };
    last().message(JSON.stringify(accepted));
    last().message(JSON.stringify(rejected));
    expect(liveEvent.parse(accepted)).toEqual(accepted);
    expect(liveEvent.parse(rejected)).toEqual(rejected);
    expect(onEvent.mock.calls).toEqual([[accepted], [rejected]]);
    expect(updated.mock.calls).toEqual([[accepted], [rejected]]);
  });

  it('on(type) delivers that type to its subscribers until they unsubscribe; unknown types never', async () => {
    const { live, onEvent } = setup();
    const match = vi.fn();
    const balance = vi.fn();
    const unknown = vi.fn();
    const offMatch = live.on('MATCH_UPDATED', match);
    live.on('BALANCE_UPDATED', balance);
    live.on('SOMETHING_NEW', unknown);
    live.connect();
    await flush();
    last().open();
    const event = { type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 2, b: 1 } };
    last().message(JSON.stringify(event));
    expect(match).toHaveBeenCalledWith(event);
    expect(onEvent).toHaveBeenCalledWith(event);
    expect(balance).not.toHaveBeenCalled();
    last().message(JSON.stringify({ type: 'BALANCE_UPDATED', balance: 1 }));
    expect(balance).toHaveBeenCalledWith({ type: 'BALANCE_UPDATED', balance: 1 });
    last().message(JSON.stringify({ type: 'SOMETHING_NEW' }));
    expect(unknown).not.toHaveBeenCalled();
    offMatch();
    last().message(JSON.stringify(event));
    expect(match).toHaveBeenCalledOnce();
    expect(onEvent).toHaveBeenCalledTimes(3);
  });

  it('a throwing subscriber does not stop the others, and subscriptions survive a reconnect', async () => {
    const { live } = setup();
    const good = vi.fn();
    live.on('MATCH_UPDATED', () => {
      throw new Error('boom');
    });
    live.on('MATCH_UPDATED', good);
    live.connect();
    await flush();
    last().open();
    last().message(JSON.stringify({ type: 'MATCH_UPDATED', matchId: 1 }));
    expect(good).toHaveBeenCalledOnce();
    expect(live.getStatus()).toBe('open');
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(5000);
    last().open();
    last().message(JSON.stringify({ type: 'MATCH_UPDATED', matchId: 2 }));
    expect(good).toHaveBeenCalledTimes(2);
    expect(good).toHaveBeenLastCalledWith({ type: 'MATCH_UPDATED', matchId: 2 });
  });

  it('notifies status subscribers', async () => {
    const { live } = setup();
    const seen: string[] = [];
    live.subscribe(() => seen.push(live.getStatus()));
    live.connect();
    await flush();
    last().open();
    live.close();
    expect(seen).toEqual(['connecting', 'open', 'closed']);
  });
});
