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

/**
 * Whether this browser holds a session, mirrored into the `signed_in` cookie (a hint, never the
 * token): the server does not render a guest's page for it where a player sees another (/home's
 * account card; apps/server platform/app-shell.ts), which would show until the app drew theirs,
 * and draws a player's page as its skeleton only for it (a guest is sent to /login).
 */
function mirrorSignedIn(): void {
  if (typeof document === 'undefined') return; // the server's render (src/ssr)
  document.cookie = sessionToken.get()
    ? `signed_in=1; path=/; max-age=${SESSION_TTL_MS / 1000}; samesite=lax`
    : 'signed_in=; path=/; max-age=0; samesite=lax';
}
mirrorSignedIn();
sessionToken.subscribe(mirrorSignedIn);
