import type { z } from 'zod';
import { operatorCalls, ErrorCode, type DataOf, type ErrorData } from '@breakshot/contracts';
import { getSession, setSession } from './session';

type AdminCall = operatorCalls.AdminCall;
const { ADMIN_PREFIX, CSV_SUFFIX, OPERATOR_SESSION_HEADER } = operatorCalls;

/** A refused call: the envelope's code/msg/data, or code 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: ErrorData | null;
  constructor(code: number, msg: string, data: ErrorData | null = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

export type InputOf<C extends AdminCall> = z.input<C['request']>;

/** Server messages come back in this language (docs/design.md §4). */
export const LANGUAGE = 'zh-CN';
const NETWORK_ERROR = '网络错误，请稍后重试';
const SERVER_ERROR = '服务器暂不可用';

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json', 'accept-language': LANGUAGE };
  const session = getSession();
  if (session) h[OPERATOR_SESSION_HEADER] = session.token;
  return h;
}

/** Drops undefined, null and empty-string fields: an empty filter means no filter. */
export function compact<T extends object>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as T;
}

/** A 401 ends the session; the session guard then shows the login page. */
function unauthorized() {
  if (getSession()) setSession(null);
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(ADMIN_PREFIX + path, { method: 'POST', headers: headers(), body: JSON.stringify(body), signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/** Makes an operator call: POST `/api/admin<path>` with a JSON body; resolves with the envelope's data. */
export async function call<C extends AdminCall>(
  contract: C,
  input: InputOf<C>,
  options: { signal?: AbortSignal } = {},
): Promise<DataOf<C>> {
  const res = await post(contract.path, compact(input as object), options.signal);
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    // Not the envelope: a proxy's error page, or a server without this call.
    throw new ApiError(0, res.ok ? NETWORK_ERROR : `${SERVER_ERROR}（HTTP ${res.status}）`);
  }
  if (envelope.code === ErrorCode.OK) return envelope.data as DataOf<C>;
  if (envelope.code === ErrorCode.UNAUTHORIZED && contract.roles.length > 0) unauthorized();
  throw new ApiError(envelope.code, envelope.msg, (envelope.data as ErrorData | null) ?? null);
}

/**
 * Downloads a list as CSV: POST `path + .csv` with the filters (no paging); the answer is
 * text/csv, saved through an object URL. A failure answers the JSON envelope instead.
 */
export async function downloadCsv<C extends AdminCall>(contract: C, filters: Partial<InputOf<C>>): Promise<void> {
  const body = compact(filters as object) as Record<string, unknown>;
  delete body.page;
  delete body.pageSize;
  const res = await post(contract.path + CSV_SUFFIX, body);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/csv')) {
    const envelope = (await res.json().catch(() => null)) as { code: number; msg: string } | null;
    if (envelope?.code === ErrorCode.UNAUTHORIZED) unauthorized();
    throw new ApiError(envelope?.code ?? 0, envelope?.msg ?? NETWORK_ERROR);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(res.headers.get('content-disposition')) ?? `${contract.path.slice(1).replace(/\//g, '-')}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileName(disposition: string | null): string | null {
  const m = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** What to show for a failed call. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.msg;
  return err instanceof Error ? err.message : String(err);
}
