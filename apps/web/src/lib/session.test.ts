import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { live, useSession } from './session';
import { SESSION_TTL_MS, storage, TOKEN_KEY, USER_INFO_KEY } from './storage';

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

function stubApi(map: Record<string, () => unknown>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).replace(/^.*\/api\/v9/, '');
      paths.push(path);
      const h = map[path];
      if (!h) return new Response(JSON.stringify({ code: 500, msg: 'x', data: null }));
      const r = h();
      if (r instanceof Error) throw r;
      return new Response(JSON.stringify(r));
    }),
  );
  return paths;
}

describe('session store (SPEC §4)', () => {
  beforeEach(() => useSession.setState({ token: null, userInfo: null }));
  afterEach(() => {
    live.close();
    vi.restoreAllMocks();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('login(token): stores the token (10 days), loads user info, then opens the player’s live connection', async () => {
    const connect = vi.spyOn(live, 'connect').mockImplementation(() => {});
    const paths = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: user }) });
    await useSession.getState().login('tok');
    expect(storage.get(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(TOKEN_KEY)!).e).toBeGreaterThanOrEqual(Date.now() + SESSION_TTL_MS - 1000);
    expect(useSession.getState().userInfo).toEqual(user);
    expect(storage.get(USER_INFO_KEY)).toEqual(user);
    expect(paths).toEqual(['/user/info']);
    expect(connect).toHaveBeenCalledOnce();
  });

  it('a guest’s live connection takes no getWss token (the public channel); a player’s does', async () => {
    const getToken = (live as unknown as { opts: { getToken: () => Promise<string> | null } }).opts.getToken;
    const paths = stubApi({ '/getWss': () => ({ code: 200, msg: 'ok', data: { token: 'ticket-1' } }) });
    expect(await getToken()).toBeNull();
    expect(paths).toEqual([]);
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    expect(await getToken()).toBe('ticket-1');
    expect(paths).toEqual(['/getWss']);
  });

  it('user info not 200 → local logout', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: user });
    stubApi({ '/user/info': () => ({ code: 500, msg: 'boom', data: null }) });
    const close = vi.spyOn(live, 'close');
    await useSession.getState().loadUserInfo();
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null });
    expect(close).toHaveBeenCalled();
  });

  it('user info network failure → local logout', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    stubApi({ '/user/info': () => new TypeError('offline') });
    await useSession.getState().loadUserInfo();
    expect(storage.get(TOKEN_KEY)).toBeNull();
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

  it('logout calls user/logout, then clears storage and closes the live connection with 1000', async () => {
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    storage.set(USER_INFO_KEY, user, SESSION_TTL_MS);
    const paths = stubApi({ '/user/logout': () => ({ code: 200, msg: 'ok', data: {} }) });
    const close = vi.spyOn(live, 'close');
    await useSession.getState().logout();
    expect(paths).toEqual(['/user/logout']);
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(storage.get(USER_INFO_KEY)).toBeNull();
    expect(close).toHaveBeenCalled();
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
    const paths = stubApi({ '/user/info': () => ({ code: 200, msg: 'ok', data: { ...user, balance: 999 } }) });
    // the live client's event handler is private; reach it through the options it was built with
    const onEvent = (live as unknown as { opts: { onEvent: (e: unknown) => void } }).opts.onEvent;
    onEvent({ type: 'BALANCE_UPDATED', balance: 555 });
    expect(useSession.getState().userInfo?.balance).toBe(555);
    await vi.waitFor(() => expect(useSession.getState().userInfo?.balance).toBe(999));
    expect(paths).toEqual(['/user/info']);
  });
});
