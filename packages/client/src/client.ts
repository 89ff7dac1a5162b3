import type { ErrorData } from '@breakshot/contracts';
import { browserWindow } from './browser.js';
import { ApiError, type FailureReason } from './errors.js';
import type { HttpMethod } from './route.js';

/** The envelope's codes the client acts on: the contracts' ErrorCode.OK and UNAUTHORIZED (test/client.test.ts). */
export const OK = 200;
export const UNAUTHORIZED = 401;

/** docs/spec.md §7: a call times out after 60 s unless its client says otherwise. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** What sends a request: fetch, or a stand-in with its shape. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** What every path is appended to (e.g. `https://api.example.com/api/v9`), read at each call. */
  baseUrl: () => string;
  /** Headers of every call (the session's token, the language), read at each call. */
  headers?: () => Record<string, string>;
  timeoutMs?: number;
  /** An authenticated call answered 401: the app ends its session (called before the call rejects). */
  onUnauthorized?: (error: ApiError) => void;
  /** The msg of a call that got no envelope (default: the reason itself). */
  failureText?: (reason: FailureReason, status: number) => string;
  /** The transport (default: the global fetch, looked up at each call, so tests can replace it). */
  fetch?: Transport;
}

export interface CallInput {
  method: HttpMethod;
  /** Under the base URL, e.g. `/user/info`. */
  path: string;
  /** JSON body of a POST, query parameters of a GET. */
  body?: unknown;
  /** A multipart body instead (uploads); the runtime sets its content type. */
  form?: FormData;
  /** Let the request finish after the page is left (a fire-and-forget count on the way elsewhere). */
  keepalive?: boolean;
  /** The caller's cancellation: the call then rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  /** Whether a 401 ends the session (onUnauthorized); false for the calls that log in. Default true. */
  authenticated?: boolean;
}

export interface Client {
  /** One call: resolves with the envelope's data when its code is OK, rejects with ApiError otherwise. */
  request<T = unknown>(call: CallInput): Promise<T>;
  /** A call that answers a file of `contentType` (a CSV export): the answer, or the envelope's refusal as ApiError. */
  requestFile(call: CallInput, contentType: string): Promise<Response>;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * Set once the document starts to unload: the browser then aborts requests in flight, which is
 * no failure of theirs (a refresh cut short by a reload must not end the session).
 */
let leavingPage = false;
let watchingPage = false;
function watchPageUnload() {
  const page = browserWindow();
  if (watchingPage || !page?.addEventListener) return;
  watchingPage = true;
  for (const type of ['beforeunload', 'pagehide']) page.addEventListener(type, () => (leavingPage = true));
  page.addEventListener('pageshow', () => (leavingPage = false));
}

function urlOf(base: string, { method, path, body }: CallInput): string {
  const url = base.replace(/\/+$/, '') + path;
  if (method !== 'GET' || !body) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

export function createClient(options: ClientOptions): Client {
  watchPageUnload();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const failure = (reason: FailureReason, status = 0, cause?: unknown) =>
    new ApiError(0, options.failureText?.(reason, status) ?? reason, null, { reason, status, cause });

  /** Sends the call and reads its answer with `read`, both within the timeout. */
  async function exchange<T>(call: CallInput, read: (res: Response) => Promise<T>): Promise<T> {
    const headers = { ...options.headers?.() };
    if (call.method === 'POST' && !call.form) headers['content-type'] = 'application/json';
    const controller = new AbortController();
    const { signal } = call;
    const onCancel = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onCancel);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      if (signal?.aborted) throw signal.reason;
      const res = await (options.fetch ?? fetch)(urlOf(options.baseUrl(), call), {
        method: call.method,
        headers,
        body: call.method === 'POST' ? (call.form ?? JSON.stringify(call.body ?? {})) : undefined,
        signal: controller.signal,
        keepalive: call.keepalive,
      });
      return await read(res);
    } catch (err) {
      if (signal?.aborted) throw err;
      // The page being left cuts short the answers still being read too: no failure of theirs.
      if (timedOut || leavingPage) throw failure(timedOut ? 'timeout' : 'aborted', 0, err);
      if (err instanceof ApiError) throw err;
      throw failure('network', 0, err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    }
  }

  async function envelopeOf(res: Response): Promise<Envelope> {
    try {
      return (await res.json()) as Envelope;
    } catch (err) {
      // Not the envelope: a proxy's error page, or a server without this call.
      throw failure('reply', res.status, err);
    }
  }

  /** The envelope's refusal as ApiError; a 401 of an authenticated call first ends the session. */
  function refusal(call: CallInput, envelope: Envelope, status: number): ApiError {
    const error = new ApiError(envelope.code, envelope.msg, envelope.data as ErrorData | null, { status });
    if (envelope.code === UNAUTHORIZED && call.authenticated !== false) options.onUnauthorized?.(error);
    return error;
  }

  return {
    async request<T>(call: CallInput): Promise<T> {
      const [envelope, status] = await exchange(call, async (res) => [await envelopeOf(res), res.status] as const);
      if (envelope.code === OK) return envelope.data as T;
      throw refusal(call, envelope, status);
    },
    async requestFile(call: CallInput, contentType: string): Promise<Response> {
      const res = await exchange(call, async (r) => r);
      if ((res.headers.get('content-type') ?? '').includes(contentType)) return res;
      const envelope = await envelopeOf(res);
      throw envelope.code === OK ? failure('reply', res.status) : refusal(call, envelope, res.status);
    },
  };
}
