/**
 * localStorage with expiry (docs/spec.md §3) and a 5 MB ceiling (docs/spec.md §5).
 * Values are stored as JSON `{ v, e }` where `e` is the expiry time in ms (0 = never).
 */
export const STORAGE_LIMIT_BYTES = 5 * 1024 * 1024;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Lifetime of the session token and the cached user info (docs/spec.md §9). */
export const SESSION_TTL_MS = 10 * DAY_MS;

export class StorageQuotaError extends Error {
  constructor(key: string) {
    super(`Storage limit of 5 MB exceeded writing "${key}"`);
    this.name = 'StorageQuotaError';
  }
}

interface Entry {
  v: unknown;
  e: number;
}

/** Size in bytes of what localStorage holds (UTF-16: two bytes per code unit). */
function usedBytes(except?: string): number {
  let total = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k === null || k === except) continue;
    total += (k.length + (localStorage.getItem(k)?.length ?? 0)) * 2;
  }
  return total;
}

/** The stored text of `value`; with `ttlMs` it expires after that time. */
export function encodeEntry(value: unknown, ttlMs?: number): string {
  const entry: Entry = { v: value, e: ttlMs ? Date.now() + ttlMs : 0 };
  return JSON.stringify(entry);
}

/** The value of stored text and when it expires (ms since the epoch, Infinity: never); throws when unreadable. */
export function decodeEntry(text: string): { value: unknown; expiresAt: number } {
  const entry = JSON.parse(text) as Entry;
  return { value: entry.v ?? null, expiresAt: entry.e || Number.POSITIVE_INFINITY };
}

export const storage = {
  /** Stores `value`; with `ttlMs` it expires after that time. Throws StorageQuotaError above 5 MB. */
  set(key: string, value: unknown, ttlMs?: number): void {
    const text = encodeEntry(value, ttlMs);
    if (usedBytes(key) + (key.length + text.length) * 2 > STORAGE_LIMIT_BYTES) {
      throw new StorageQuotaError(key);
    }
    try {
      localStorage.setItem(key, text);
    } catch {
      throw new StorageQuotaError(key);
    }
  },
  /** The stored value, or null when absent, unreadable or expired (an expired entry is removed). */
  get<T>(key: string): T | null {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    try {
      const { value, expiresAt } = decodeEntry(text);
      if (Date.now() >= expiresAt) {
        localStorage.removeItem(key);
        return null;
      }
      return value as T | null;
    } catch {
      localStorage.removeItem(key);
      return null;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

/** Fixed keys (docs/spec.md §3). */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'user_info';
/** When this login began (with its token), for the reality reminder's playing time. */
export const SESSION_STARTED_KEY = 'session_started';
export const LANGUAGE_KEY = 'language';
export const REMEMBER_USERNAME_KEY = 'remember_username';
/** The id this browser keeps for its device (device-id.ts). */
export const DEVICE_ID_KEY = 'device_id';
