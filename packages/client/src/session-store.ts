import { browserWindow } from './browser.js';

/** What the store keeps its session in: localStorage by default. */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionStoreOptions<S> {
  /** The storage key. */
  key: string;
  /** The stored text of a session. */
  encode: (session: S) => string;
  /** The session in stored text and when it ends (ms since the epoch, Infinity: never); null when unreadable. */
  decode: (raw: string) => { session: S; expiresAt: number } | null;
  storage?: () => SessionStorage;
}

/**
 * The logged-in session of an app, kept in storage so that every tab shares it: `get` reads
 * through to the storage (a session ended elsewhere, or expired, is gone at once) and answers the
 * same object while the stored text has not changed, as React's useSyncExternalStore needs.
 */
export interface SessionStore<S> {
  get(): S | null;
  /** Stores the session, or ends it (null); subscribers hear of it. */
  set(session: S | null): void;
  /** Hears of every change: this tab's, and another tab's (the storage event). */
  subscribe(listener: () => void): () => void;
}

/** Where there is no browser (a page rendered on the server): no session, and none kept. */
const NOTHING_STORED: SessionStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

export function createSessionStore<S>(options: SessionStoreOptions<S>): SessionStore<S> {
  const storage = options.storage ?? (() => browserWindow()?.localStorage ?? NOTHING_STORED);
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cached: { session: S; expiresAt: number } | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function get(): S | null {
    const raw = storage().getItem(options.key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cached = raw === null ? null : options.decode(raw);
      } catch {
        cached = null;
      }
    }
    if (raw !== null && !cached) storage().removeItem(options.key);
    if (cached && Date.now() >= cached.expiresAt) {
      storage().removeItem(options.key);
      cached = null;
    }
    return cached?.session ?? null;
  }

  function set(session: S | null) {
    if (session === null) storage().removeItem(options.key);
    else storage().setItem(options.key, options.encode(session));
    notify();
  }

  // Another tab logged in or out (or a 401 there ended the session): this tab follows at once.
  browserWindow()?.addEventListener('storage', (e) => {
    if (e.key === options.key || e.key === null) notify();
  });

  return {
    get,
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
