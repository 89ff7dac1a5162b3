import type { UserInfo } from '@breakshot/contracts';
import * as routes from '@breakshot/client/routes';
import { create } from 'zustand';
import { ABORTED, ApiError, call, onUnauthorized } from './http';
import { LiveConnection, type LiveEventMessage } from './live';
import { CONTENT_QUERY_KEY, queryClient, USER_QUERY_KEY } from './query-client';
import { sessionToken } from './session-token';
import { SESSION_TTL_MS, storage, USER_INFO_KEY } from './storage';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /**
   * docs/spec.md §4: store the token, load user info, then open the player's live connection in place of
   * the guest's (login variant taking a token).
   */
  login: (token: string) => Promise<void>;
  /**
   * Refreshes user info; a non-200 answer or a failure clears the local session, except 429 (too
   * many calls says nothing of the session) and a request aborted because the page is being left.
   */
  loadUserInfo: () => Promise<UserInfo | null>;
  /** Calls user/logout; on 200 or failure clears the local session (see clearLocal). */
  logout: () => Promise<void>;
  /** Clears token and user info locally; the player's live connection becomes a guest's. */
  clearLocal: () => void;
}

/**
 * Least time between two user-info refreshes after BALANCE_UPDATED or BET_SETTLED: a fast provider
 * game sends them every round, and user/info is rate-limited per session (BALANCE_UPDATED carries
 * the balance meanwhile).
 */
export const BALANCE_REFRESH_GAP_MS = 2_000;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let lastRefresh = Number.NEGATIVE_INFINITY;

/** Refreshes user info and the user's queries: at once, or once at the end of the current gap. */
function refreshUserData() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(
    () => {
      refreshTimer = null;
      lastRefresh = Date.now();
      void useSession.getState().loadUserInfo();
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] });
    },
    Math.max(0, lastRefresh + BALANCE_REFRESH_GAP_MS - Date.now()),
  );
}

function onLiveEvent(event: LiveEventMessage) {
  if (event.type === 'BALANCE_UPDATED') {
    const { userInfo } = useSession.getState();
    if (userInfo && typeof event.balance === 'number') {
      useSession.setState({ userInfo: { ...userInfo, balance: event.balance } });
    }
    refreshUserData();
  }
  // A settled bet feeds the bet records, the rebate, VIP progress (the level in user info) and the
  // daily task; a lost one moves no money, so no BALANCE_UPDATED tells of it.
  if (event.type === 'BET_SETTLED') refreshUserData();
  // A pending in-play bet decided: accepted (open) or rejected (the stake back, BALANCE_UPDATED
  // too). The records, refreshed here (the match page refreshes its own), show its status and reason.
  if (event.type === 'BET_UPDATED') refreshUserData();
  // A notice published or withdrawn by the operator: the marquee and lists show it at once.
  if (event.type === 'NOTICE_PUBLISHED' || event.type === 'NOTICE_WITHDRAWN') {
    void queryClient.invalidateQueries({ queryKey: [CONTENT_QUERY_KEY] });
  }
}

/** A player's connection needs a getWss token; a guest's opens the public channel without one. */
export const live = new LiveConnection({
  getToken: () => (isLoggedIn() ? call(routes.auth.getWss, {}).then((d) => d.token) : null),
  onEvent: onLiveEvent,
});

function readUserInfo(): UserInfo | null {
  try {
    return storage.get<UserInfo>(USER_INFO_KEY);
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>()((set, get) => ({
  token: sessionToken.get(),
  userInfo: readUserInfo(),

  async login(token) {
    sessionToken.set(token);
    set({ token });
    const info = await get().loadUserInfo();
    if (info) live.reconnect();
  },

  async loadUserInfo() {
    if (!sessionToken.get()) {
      get().clearLocal();
      return null;
    }
    try {
      const info = await call(routes.auth.userInfo, {});
      try {
        storage.set(USER_INFO_KEY, info, SESSION_TTL_MS);
      } catch (err) {
        console.warn('[session] user info not cached', err);
      }
      set({ userInfo: info });
      return info;
    } catch (err) {
      // The page is being left, or too many refreshes (429): the session is fine, the next refresh loads the user.
      if (err instanceof ApiError && (err.msg === ABORTED || err.code === 429)) return get().userInfo;
      console.warn('[session] user info failed, logging out locally', err);
      get().clearLocal();
      return null;
    }
  },

  async logout() {
    try {
      await call(routes.auth.userLogout, {});
    } catch (err) {
      console.warn('[session] logout call failed', err);
    }
    get().clearLocal();
  },

  clearLocal() {
    sessionToken.set(null);
    storage.remove(USER_INFO_KEY);
    forgetSession();
  },
}));

/**
 * The stored session is gone: reset the store, and reconnect the player's live connection, which
 * then opens as a guest's (no token stored). Without a session before (a guest's 401, a second
 * clear) the guest's connection stays as it is: one socket at a time. A connection never started
 * (main.tsx starts it) or closed on purpose stays so.
 */
function forgetSession() {
  const hadSession = useSession.getState().token !== null;
  queryClient.removeQueries({ queryKey: [USER_QUERY_KEY] });
  useSession.setState({ token: null, userInfo: null });
  const status = live.getStatus();
  if (hadSession && status !== 'idle' && status !== 'closed') live.reconnect();
}

/** A 401 has already removed the stored session; bring the store and the live connection in line. */
onUnauthorized(forgetSession);

/** Logged in means a token exists (docs/spec.md §4). */
export const isLoggedIn = (): boolean => sessionToken.get() !== null;
