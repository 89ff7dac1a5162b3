import type { CallContract, DataOf, ErrorCode, ErrorData, HttpMethod, RequestOf } from '@breakshot/contracts';
import { currentLanguage } from './i18n';
import { navigateTo } from './navigation';
import { runtimeConfig } from './runtime-config';
import { storage, TOKEN_KEY, USER_INFO_KEY } from './storage';

/** docs/spec.md §7: every call times out after 60 s. */
export const HTTP_TIMEOUT_MS = 60_000;
/** Mirrors API_PREFIX of the contracts (checked by a test) without pulling zod into the start-up bundle. */
export const API_PREFIX = '/api/v9';

/** A rejected call: the envelope's code/msg/data, or code 0 for transport failures and timeouts. */
export class ApiError<Code extends number = ErrorCode | 0, Data = ErrorData> extends Error {
  readonly code: Code;
  readonly msg: string;
  /** The envelope's data, typed by the contracts' errorEnvelope. */
  readonly data: Data | null;
  constructor(code: Code, msg: string, data: Data | null = null, cause?: unknown) {
    super(msg, { cause });
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

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

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

export interface RequestOptions {
  method: HttpMethod;
  /** Path under /api/v9, e.g. `/user/info`. */
  path: string;
  /** JSON body for POST, query params for GET. */
  data?: unknown;
  /** A multipart body instead (uploads); the browser sets its content type. */
  form?: FormData;
  /** Let the request finish after the page is left (a fire-and-forget count on the way elsewhere). */
  keepalive?: boolean;
}

/** The reply of every call (success: data of the contract; failure: the errorEnvelope's data). */
interface Envelope {
  code: ErrorCode;
  msg: string;
  data: unknown;
}

/**
 * Set once the document starts to unload: the browser then aborts requests in flight, which is
 * no failure of theirs (a user-info refresh cut short by a reload must not end the session).
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  for (const type of ['beforeunload', 'pagehide'] as const) window.addEventListener(type, () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** The message of an ApiError whose request the browser aborted because the page was left. */
export const ABORTED = 'aborted';

/** One call per docs/spec.md §7–§8: resolves with `data` when code is 200, rejects with ApiError otherwise. */
export async function request<T = unknown>({ method, path, data, form, keepalive }: RequestOptions): Promise<T> {
  const payload = dropNulls(data ?? {});
  let url = joinUrl(runtimeConfig().VITE_API_BASE_URL, API_PREFIX + path);
  if (method === 'GET') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(payload as Record<string, unknown>)) qs.append(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const token = storage.get<string>(TOKEN_KEY);
  const headers: Record<string, string> = {
    token: token ?? 'false',
    'Accept-Language': currentLanguage(),
  };
  if (method === 'POST' && !form) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  let body: Envelope;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? (form ?? JSON.stringify(payload)) : undefined,
      signal: controller.signal,
      keepalive,
    });
    body = (await res.json()) as Envelope;
  } catch (err) {
    throw new ApiError(0, timedOut ? 'timeout' : leavingPage ? ABORTED : 'network', null, err);
  } finally {
    clearTimeout(timer);
  }

  if (body.code === 200) return body.data as T;
  if (body.code === 401) {
    storage.remove(TOKEN_KEY);
    storage.remove(USER_INFO_KEY);
    for (const fn of unauthorizedListeners) fn();
    navigateTo(window.location.pathname === '/home' ? '/home' : '/login');
  }
  // A failure's data has the contracts' errorEnvelope shape (not re-validated: zod stays out of start-up).
  throw new ApiError(body.code, body.msg, (body.data ?? null) as ErrorData | null);
}

/**
 * What `call` needs of a contract. A full contract from @breakshot/contracts fits; so does a
 * light reference made with `ref()`, which start-up code uses to keep zod out of the first bundle.
 */
export interface CallRef<C extends CallContract = CallContract> {
  method: HttpMethod;
  path: string;
  /** Type-only link to the contract. */
  readonly __contract?: C;
}

export type { DataOf };

/** A light reference to a contract: `ref<typeof auth.userInfo>('POST', '/user/info')`. */
export function ref<C extends CallContract>(method: C['method'], path: string): CallRef<C> {
  return { method, path };
}

/** Typed call over a contract: the request and the resolved data follow its schemas. */
export function call<C extends CallContract>(contract: C | CallRef<C>, body: RequestOf<C>): Promise<DataOf<C>> {
  return request<DataOf<C>>({ method: contract.method, path: contract.path, data: body });
}
