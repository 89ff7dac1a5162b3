import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from '../../src/platform/session-cache.js';

const user = (sessionId: number) => ({ userId: 7, sessionId, expiresAt: new Date(10 ** 13) });

describe('the session cache', () => {
  it('keeps a live session for SESSION_CACHE_MS, then looks again', () => {
    const cache = new SessionCache();
    cache.set('h1', user(1), null, 1000);
    expect(cache.get('h1', 1000 + SESSION_CACHE_MS - 1)?.user.sessionId).toBe(1);
    expect(cache.get('h1', 1000 + SESSION_CACHE_MS)).toBeUndefined();
    expect(cache.get('h1', 1000)).toBeUndefined();
  });

  it('notes a written use on the cached entry', () => {
    const cache = new SessionCache();
    cache.set('h1', user(1), null, 0);
    const at = new Date(500);
    cache.seen(1, at);
    expect(cache.get('h1', 600)?.lastSeenAt).toBe(at);
  });

  it('a revoked session is forgotten and not cached again for SESSION_CACHE_MS', () => {
    const cache = new SessionCache();
    cache.set('h1', user(1), null, 0);
    cache.revoke([1], 100);
    expect(cache.get('h1', 100)).toBeUndefined();
    // A lookup that read the row before the revocation committed cannot bring it back.
    cache.set('h1', user(1), null, 200);
    expect(cache.get('h1', 200)).toBeUndefined();
    cache.set('h1', user(1), null, 100 + SESSION_CACHE_MS);
    expect(cache.get('h1', 100 + SESSION_CACHE_MS)?.user.sessionId).toBe(1);
  });

  it('the mark covers every entry of the session, whatever its hash', () => {
    const cache = new SessionCache();
    cache.set('old', user(1), null, 0);
    cache.set('new', user(1), null, 10);
    cache.revoke([1], 20);
    expect(cache.get('old', 30)).toBeUndefined();
    expect(cache.get('new', 30)).toBeUndefined();
  });
});
