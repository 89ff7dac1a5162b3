import { createSessionStore } from '@breakshot/client';
import { decodeEntry, encodeEntry, SESSION_TTL_MS, TOKEN_KEY } from './storage';

/**
 * The player's session token, kept under the fixed key `token` in storage.ts's format with the
 * session's lifetime (docs/spec.md §3, §9); logged in means it exists (docs/spec.md §4).
 */
export const sessionToken = createSessionStore<string>({
  key: TOKEN_KEY,
  encode: (token) => encodeEntry(token, SESSION_TTL_MS),
  decode: (raw) => {
    const { value, expiresAt } = decodeEntry(raw);
    return typeof value === 'string' ? { session: value, expiresAt } : null;
  },
});
