import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, SESSION_TTL_MS, STORAGE_LIMIT_BYTES, storage, StorageQuotaError } from './storage';

describe('storage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('session lifetime is 10 days', () => {
    expect(SESSION_TTL_MS).toBe(10 * DAY_MS);
  });

  it('keeps a value until its ttl, then returns null and removes it', () => {
    storage.set('token', 'abc', SESSION_TTL_MS);
    vi.advanceTimersByTime(SESSION_TTL_MS - 1);
    expect(storage.get('token')).toBe('abc');
    vi.advanceTimersByTime(1);
    expect(storage.get('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps values without ttl', () => {
    storage.set('lang', 'en');
    vi.advanceTimersByTime(365 * DAY_MS);
    expect(storage.get('lang')).toBe('en');
  });

  it('round-trips objects and removes', () => {
    storage.set('user_info', { id: 1, nickname: 'n' }, SESSION_TTL_MS);
    expect(storage.get('user_info')).toEqual({ id: 1, nickname: 'n' });
    storage.remove('user_info');
    expect(storage.get('user_info')).toBeNull();
  });

  it('refuses a write that would take localStorage above 5 MB with an error the caller sees', () => {
    const big = 'x'.repeat(STORAGE_LIMIT_BYTES / 2); // 2 bytes per char → exactly 5 MB of payload alone
    expect(() => storage.set('big', big)).toThrow(StorageQuotaError);
    expect(localStorage.getItem('big')).toBeNull();
  });

  it('counts what is already stored and accepts writes under the limit', () => {
    const chunk = 'y'.repeat(1024 * 1024); // 2 MB each
    storage.set('a', chunk);
    storage.set('b', chunk);
    expect(() => storage.set('c', chunk)).toThrow(/5 MB/);
    // Replacing an existing key counts only the new value.
    expect(() => storage.set('b', chunk)).not.toThrow();
    expect(storage.get('a')).toBe(chunk);
  });
});
