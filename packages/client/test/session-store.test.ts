import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../src/index.js';

/** A Map behind the Storage methods the store uses. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

interface Session {
  token: string;
  expiresAt: number;
}

function store(storage = memoryStorage()) {
  return createSessionStore<Session>({
    key: 'session',
    encode: (s) => JSON.stringify(s),
    decode: (raw) => {
      const s = JSON.parse(raw) as Session;
      return { session: s, expiresAt: s.expiresAt };
    },
    storage: () => storage,
  });
}

describe('the session store', () => {
  it('keeps the session in storage under its key and tells subscribers of changes', () => {
    const storage = memoryStorage();
    const s = store(storage);
    const listener = vi.fn();
    s.subscribe(listener);
    expect(s.get()).toBeNull();
    s.set({ token: 't', expiresAt: Date.now() + 60_000 });
    expect(JSON.parse(storage.items.get('session')!)).toMatchObject({ token: 't' });
    expect(s.get()).toMatchObject({ token: 't' });
    // The same object while the stored text is the same (useSyncExternalStore).
    expect(s.get()).toBe(s.get());
    s.set(null);
    expect(storage.items.has('session')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads through: a session another tab ended or stored is seen at once', () => {
    const storage = memoryStorage();
    const s = store(storage);
    s.set({ token: 'a', expiresAt: Date.now() + 60_000 });
    storage.items.delete('session');
    expect(s.get()).toBeNull();
    storage.items.set('session', JSON.stringify({ token: 'b', expiresAt: Date.now() + 60_000 }));
    expect(s.get()?.token).toBe('b');
  });

  it('an expired or unreadable session is no session, and is removed', () => {
    const storage = memoryStorage();
    const s = store(storage);
    storage.items.set('session', JSON.stringify({ token: 'old', expiresAt: Date.now() - 1 }));
    expect(s.get()).toBeNull();
    expect(storage.items.has('session')).toBe(false);
    storage.items.set('session', '{not json');
    expect(s.get()).toBeNull();
    expect(storage.items.has('session')).toBe(false);
  });
});
