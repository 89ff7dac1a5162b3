import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_DELAY_MS, type SocketLike } from './live';
import { resyncAfterReconnect } from './live-resync';
import { live, useSession } from './session';
import { SESSION_TTL_MS, storage, TOKEN_KEY } from './storage';
import { demoUser, fakeApi } from '../test/fake-api';

/** The sockets the live connection opens from now on, never connecting anywhere. */
function fakeSockets(): SocketLike[] {
  const opened: SocketLike[] = [];
  const opts = (live as unknown as { opts: { createSocket: (url: string) => SocketLike } }).opts;
  vi.spyOn(opts, 'createSocket').mockImplementation(() => {
    const socket: SocketLike = {
      send: () => {},
      close: () => {},
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    opened.push(socket);
    return socket;
  });
  return opened;
}

describe('the live connection opening again after a failure', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, balance: 0 } });
    stop = resyncAfterReconnect();
  });
  afterEach(() => {
    stop();
    live.close();
    storage.remove(TOKEN_KEY);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads the balance afresh: a credit told while it was down is not lost', async () => {
    const api = fakeApi({
      '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket' } }),
      '/user/info': () => ({ code: 200, msg: 'ok', data: { ...demoUser, balance: 300 } }),
    });
    const sockets = fakeSockets();
    live.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    // The first attempt is refused (its ticket no longer good): no open, a retry in 5 s.
    sockets[0]!.onclose!({ code: 1006 });
    expect(live.getStatus()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(api.paths().filter((p) => p === '/user/info')).toEqual([]);
    sockets[1]!.onopen!({});
    await vi.waitFor(() => expect(useSession.getState().userInfo?.balance).toBe(300));
    expect(api.paths().filter((p) => p === '/user/info')).toEqual(['/user/info']);
  });

  it('reads nothing on an open that follows no failure', async () => {
    const api = fakeApi({ '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket' } }) });
    const sockets = fakeSockets();
    live.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.onopen!({});
    expect(live.getStatus()).toBe('open');
    await vi.advanceTimersByTimeAsync(100);
    expect(api.paths()).toEqual(['/getWss']);
  });
});
