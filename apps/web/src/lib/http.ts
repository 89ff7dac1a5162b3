import { ApiError, createClient, type Route } from '@breakshot/client';
import { API_PREFIX } from '@breakshot/client/routes';
import type { CallContract, DataOf, RequestOf } from '@breakshot/contracts';
import { deviceId } from './device-id';
import { currentLanguage } from './i18n';
import { navigateTo } from './navigation';
import { runtimeConfig } from './runtime-config';
import { sessionToken } from './session-token';
import { storage, USER_INFO_KEY } from './storage';

export { ApiError };
export type { DataOf };

/** docs/spec.md §7: every call times out after 60 s. */
export const HTTP_TIMEOUT_MS = 60_000;

/** The message of an ApiError whose request the browser aborted because the page was left. */
export const ABORTED = 'aborted';

/** Called after a 401 has cleared the stored session (the session store resets its state). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(fn: () => void): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/** Drops null and undefined fields, recursively (docs/spec.md §7). */
export function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.filter((v) => v !== null && v !== undefined).map((v) => dropNulls(v)) as T;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== null && v !== undefined) out[k] = dropNulls(v);
    }
    return out as T;
  }
  return value;
}

/** The player's calls (docs/spec.md §7–§8), on the contract client of packages/client. */
const client = createClient({
  baseUrl: () => runtimeConfig().VITE_API_BASE_URL.replace(/\/+$/, '') + API_PREFIX,
  headers: () => ({
    token: sessionToken.get() ?? 'false',
    'Accept-Language': currentLanguage(),
    'X-Device-Id': deviceId(),
  }),
  timeoutMs: HTTP_TIMEOUT_MS,
  // The session is over: forget it, and go to the login page (the home page stays, as a guest's).
  onUnauthorized: () => {
    sessionToken.set(null);
    storage.remove(USER_INFO_KEY);
    for (const fn of unauthorizedListeners) fn();
    navigateTo(window.location.pathname === '/home' ? '/home' : '/login');
  },
});

export interface RequestOptions {
  method: Route['method'];
  /** Path under /api/v9, e.g. `/user/info`. */
  path: string;
  /** JSON body for POST, query params for GET. */
  data?: unknown;
  /** A multipart body instead (uploads); the browser sets its content type. */
  form?: FormData;
  /** Let the request finish after the page is left (a fire-and-forget count on the way elsewhere). */
  keepalive?: boolean;
}

/** One call: resolves with `data` when code is 200, rejects with ApiError otherwise (code 0: no answer). */
export function request<T = unknown>({ method, path, data, form, keepalive }: RequestOptions): Promise<T> {
  return client.request<T>({ method, path, body: dropNulls(data ?? {}), form, keepalive });
}

/**
 * Typed call over a contract: the request and the resolved data follow its schemas. Start-up code
 * passes the route table's entry (`routes.auth.userInfo`, @breakshot/client/routes), which keeps
 * zod out of the first bundle; lazy pages may pass the contract itself.
 */
export function call<C extends CallContract>(contract: C | Route<C>, body: RequestOf<C>): Promise<DataOf<C>> {
  return request<DataOf<C>>({ method: contract.method, path: contract.path, data: body });
}
