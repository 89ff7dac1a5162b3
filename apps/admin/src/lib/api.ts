import type { z } from 'zod';
import { ApiError, createClient, type CallInput } from '@breakshot/client';
import { operatorCalls, type DataOf } from '@breakshot/contracts';
import { getSession, setSession } from './session';

export { ApiError };

type AdminCall = operatorCalls.AdminCall;
const { ADMIN_PREFIX, CSV_SUFFIX, OPERATOR_SESSION_HEADER } = operatorCalls;

export type InputOf<C extends AdminCall> = z.input<C['request']>;

/** Server messages come back in this language (docs/design.md §4). */
export const LANGUAGE = 'zh-CN';
const NETWORK_ERROR = '网络错误，请稍后重试';
const SERVER_ERROR = '服务器暂不可用';

/** The operator calls, on the contract client of packages/client, with the operator's session. */
const client = createClient({
  baseUrl: () => ADMIN_PREFIX,
  headers: () => {
    const session = getSession();
    return {
      'accept-language': LANGUAGE,
      ...(session ? { [OPERATOR_SESSION_HEADER]: session.token } : {}),
    };
  },
  // A 401 ends the session; the session guard then shows the login page.
  onUnauthorized: () => {
    if (getSession()) setSession(null);
  },
  // An answer that is not the envelope: a proxy's error page, or a server without this call.
  failureText: (reason, status) =>
    reason === 'reply' && status !== 200 ? `${SERVER_ERROR}（HTTP ${status}）` : NETWORK_ERROR,
});

/** Whether the call's request takes null for a field: there null says "none" (no limit, the default). */
const takesNull = (contract: AdminCall, field: string): boolean =>
  (contract.request as { shape?: Record<string, z.ZodType> }).shape?.[field]?.safeParse(null).success ?? false;

/**
 * Drops undefined and empty-string fields, and null ones the call does not take: an empty filter
 * means no filter, while a limit cleared on purpose is sent as null.
 */
export function compact<T extends object>(contract: AdminCall, input: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === '' || (v === null && !takesNull(contract, k))) continue;
    out[k] = v;
  }
  return out as T;
}

/** POST `/api/admin<path>`; only a call that needs a role ends the session on 401 (not the login). */
const postOf = (contract: AdminCall, path: string, body: unknown, signal?: AbortSignal): CallInput => ({
  method: 'POST',
  path,
  body,
  signal,
  authenticated: contract.roles.length > 0,
});

/** Makes an operator call: POST `/api/admin<path>` with a JSON body; resolves with the envelope's data. */
export function call<C extends AdminCall>(
  contract: C,
  input: InputOf<C>,
  options: { signal?: AbortSignal } = {},
): Promise<DataOf<C>> {
  return client.request<DataOf<C>>(postOf(contract, contract.path, compact(contract, input as object), options.signal));
}

/**
 * Downloads a list as CSV: POST `path + .csv` with the filters (no paging); the answer is
 * text/csv, saved through an object URL. A failure answers the JSON envelope instead.
 */
export async function downloadCsv<C extends AdminCall>(contract: C, filters: Partial<InputOf<C>>): Promise<void> {
  const body = compact(contract, filters as object) as Record<string, unknown>;
  delete body.page;
  delete body.pageSize;
  const res = await client.requestFile(postOf(contract, contract.path + CSV_SUFFIX, body), 'text/csv');
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
