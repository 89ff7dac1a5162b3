import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from './live';
import { setNavigate } from './navigation';
import { queryClient } from './query-client';
import { BALANCE_REFRESH_GAP_MS, live, useSession } from './session';
import { SESSION_TTL_MS, storage, TOKEN_KEY, USER_INFO_KEY } from './storage';
import { fakeApi, type Answer, type Handler } from '../test/fake-api';

const user = {
  id: 1,
  username: 'player01',
  nickname: 'Ace',
  avatar: '',
  balance: 100,
  frozen: 0,
  vipLevel: 0,
  mobile: null,
  inviteCode: 'X',
  hasFundPassword: false,
  createdAt: '',
  sex: 'unspecified' as const,
  birthday: null,
};

/** Fakes the calls of `map`: each answers its envelope, or fails to reach the server (an Error). */
function stubApi(map: Record<string, () => Answer | Error>) {
  const handlers = Object.entries(map).map(([path, answer]): [string, Handler] => [
    path,
    () => {
      const reply = answer();
      if (reply instanceof Error) throw reply;
      return reply;
    },
  ]);
  return fakeApi(Object.fromEntries(handlers));
}

/** Sockets the live connection opens from now on, by URL, never connecting anywhere. */
function fakeSockets() {
  const opened: { url: string; closed: boolean }[] = [];
  const opts = (live as unknown as { opts: { createSocket: (url: string) => SocketLike } }).opts;
  vi.spyOn(opts, 'createSocket').mockImplementation((url) => {
    const entry = { url, closed: false };
    opened.push(entry);
    return {
      send: () => {},
      close: () => void (entry.closed = true),
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
  });
  return opened;
}

const onLiveEvent = (event: unknown) =>
  // the live client's event handler is private; reach it through the options it was built with
  (live as unknown as { opts: { onEvent: (e: unknown) => void } }).opts.onEvent(event);

describe('session store (docs/spec.md §4)', () => {
  let sockets: ReturnType<typeof fakeSockets>;
  beforeEach(() => {
    useSession.setState({ token: null, userInfo: null });
    sockets = fakeSockets();
  });
  afterEach(() => {
    live.close();
    vi.restoreAllMocks();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('login(token): stores the token (10 days), loads user info, then opens the player’s live connection', async () => {
    const connect = vi.spyOn(live, 'connect').mockImplementation(() => {});
    const api = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: user }) });
    await useSession.getState().login('tok');
    expect(storage.get(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(TOKEN_KEY)!).e).toBeGreaterThanOrEqual(Date.now() + SESSION_TTL_MS - 1000);
    expect(useSession.getState().userInfo).toEqual(user);
    expect(storage.get(USER_INFO_KEY)).toEqual(user);
    expect(api.paths()).toEqual(['/user/info']);
    expect(connect).toHaveBeenCalledOnce();
  });

  it('a guest’s live connection takes no getWss token (the public channel); a player’s does', async () => {
    const getToken = (live as unknown as { opts: { getToken: () => Promise<string> | null } }).opts.getToken;
    const api = stubApi({ '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket-1' } }) });
    expect(await getToken()).toBeNull();
    expect(api.paths()).toEqual([]);
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    expect(await getToken()).toBe('ticket-1');
    expect(api.paths()).toEqual(['/getWss']);
  });

  it('user info not 200 → local logout, and the live connection is a guest’s', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    stubApi({
      '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket-1' } }),
      '/user/info': () => ({ code: 500, msg: 'boom', data: null }),
    });
    live.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await useSession.getState().loadUserInfo();
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets.map((s) => [new URL(s.url).search, s.closed])).toEqual([
      ['?token=ticket-1', true],
      ['', false],
    ]);
  });

  it('user info answered 429 (too many calls) keeps the session', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    stubApi({ '/user/info': () => ({ code: 429, msg: '操作太频繁，请稍后再试', data: { retryAfter: 30 } }) });
    expect(await useSession.getState().loadUserInfo()).toEqual(user);
    expect(storage.get(TOKEN_KEY)).toBe('tok');
    expect(useSession.getState()).toMatchObject({ token: 'tok', userInfo: user });
  });

  it('user info network failure → local logout', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    stubApi({ '/user/info': () => new TypeError('offline') });
    await useSession.getState().loadUserInfo();
    expect(storage.get(TOKEN_KEY)).toBeNull();
  });

  it('a refresh whose answer is cut short because the page is being left keeps the session', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    // The answer's headers came but not its body: the browser stops reading for a page being left.
    stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: user }) });
    vi.spyOn(Response.prototype, 'json').mockRejectedValueOnce(
      new DOMException('The user aborted a request.', 'AbortError'),
    );
    window.dispatchEvent(new Event('beforeunload'));
    try {
      expect(await useSession.getState().loadUserInfo()).toEqual(user);
      expect(storage.get(TOKEN_KEY)).toBe('tok');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('a refresh aborted because the page is being left keeps the session', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    stubApi({ '/user/info': () => new DOMException('The user aborted a request.', 'AbortError') });
    window.dispatchEvent(new Event('beforeunload'));
    try {
      expect(await useSession.getState().loadUserInfo()).toEqual(user);
      expect(storage.get(TOKEN_KEY)).toBe('tok');
      expect(useSession.getState().token).toBe('tok');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('logout calls user/logout, then clears storage and turns the live connection into a guest’s', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    storage.set(USER_INFO_KEY, user, SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    const api = stubApi({
      '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket-1' } }),
      '/user/logout': () => ({ code: 200, msg: 'ok', data: {} }),
    });
    live.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await useSession.getState().logout();
    expect(api.paths()).toEqual(['/getWss', '/user/logout']);
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(storage.get(USER_INFO_KEY)).toBeNull();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets.map((s) => [new URL(s.url).search, s.closed])).toEqual([
      ['?token=ticket-1', true],
      ['', false],
    ]);
  });

  it('logging out after the session already ended (401) leaves one guest’s live connection', async () => {
    setNavigate(() => {});
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    stubApi({
      '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket-1' } }),
      '/user/logout': () => ({ code: 401, msg: '请先登录', data: null }),
    });
    live.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await useSession.getState().logout();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 10));
    expect(sockets.map((s) => [new URL(s.url).search, s.closed])).toEqual([
      ['?token=ticket-1', true],
      ['', false],
    ]);
    expect(useSession.getState().token).toBeNull();
  });

  it('logout clears the local session even when the call fails', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    stubApi({ '/user/logout': () => new TypeError('offline') });
    await useSession.getState().logout();
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('BALANCE_UPDATED updates the balance and refreshes user info', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    const api = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: { ...user, balance: 999 } }) });
    onLiveEvent({ type: 'BALANCE_UPDATED', balance: 555 });
    expect(useSession.getState().userInfo?.balance).toBe(555);
    await vi.waitFor(() => expect(useSession.getState().userInfo?.balance).toBe(999), { timeout: 3_000 });
    expect(api.paths()).toEqual(['/user/info']);
  });

  it('BET_SETTLED (a lost bet moves no money) refreshes user info and the pages bets feed', async () => {
    // Real Date: the refresh comes within one gap of the last one (an earlier test's).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
      useSession.setState({ token: 'tok', userInfo: user });
      const api = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: { ...user, vipLevel: 1 } }) });
      // The keys of the rebate summary, VIP info, daily task, rewards and bet records (under 'user').
      const fed = [
        ['user', 'rebates', 'summary'],
        ['user', 'vip', 'info'],
        ['user', 'welfare', 'task'],
        ['user', 'welfare', 'rewards', 'unclaimed'],
        ['user', 'bets', 'list', { status: 'settled' }],
      ];
      for (const key of fed) queryClient.setQueryData(key, {});
      onLiveEvent({ type: 'BET_SETTLED', betNo: 'B1', gameType: 'slots' });
      await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_GAP_MS);
      expect(api.paths()).toEqual(['/user/info']);
      expect(useSession.getState().userInfo?.vipLevel).toBe(1);
      expect(fed.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual(fed.map(() => true));
    } finally {
      queryClient.clear();
      vi.useRealTimers();
    }
  });

  it('a fast game’s BALANCE_UPDATED events show each balance at once and refresh user info at most once per 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
      useSession.setState({ token: 'tok', userInfo: user });
      const api = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: user }) });
      await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_GAP_MS); // clear of any earlier test's refresh
      const round = async (balance: number, ms: number) => {
        onLiveEvent({ type: 'BALANCE_UPDATED', balance });
        expect(useSession.getState().userInfo?.balance).toBe(balance);
        await vi.advanceTimersByTimeAsync(ms);
      };
      await round(90, 0);
      expect(api.paths()).toEqual(['/user/info']);
      // Four more rounds within the next 2 s: one refresh at their end.
      for (const balance of [80, 70, 60, 50]) await round(balance, 400);
      expect(api.paths()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(400);
      expect(api.paths()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(10 * BALANCE_REFRESH_GAP_MS);
      expect(api.paths()).toHaveLength(2);
      expect(useSession.getState().token).toBe('tok');
    } finally {
      vi.useRealTimers();
    }
  });
});
