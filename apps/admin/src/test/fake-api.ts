import { vi } from 'vitest';
import { operatorCalls } from '@breakshot/contracts';
import { checkFakeAnswer } from '@breakshot/contracts/answer-check';
import { failAfterTest } from '../test-network-guard';

export interface Recorded {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Reply = { code?: number; msg?: string; data?: unknown } | Response;
type Handler = (body: Record<string, unknown>) => Reply | Promise<Reply>;

/** Checks a fake's envelope against its call's contract; a misfit fails the test once it ends. */
function checkAnswer(path: string, answer: unknown) {
  try {
    checkFakeAnswer('admin', path, answer);
  } catch (err) {
    failAfterTest((err as Error).message);
  }
}

/** The envelope a whole Response carries, if it is JSON (a CSV or an HTML error page is not). */
async function envelopeOf(reply: Response): Promise<unknown> {
  try {
    return JSON.parse(await reply.clone().text()) as unknown;
  } catch {
    return undefined;
  }
}

/** By default no live connection: its ticket is refused, so the console polls as it does while the connection is down. */
const NO_LIVE: Record<string, Handler> = { '/live/ticket': () => ({ code: 500, msg: 'no live in tests' }) };

/**
 * A fake `/api/admin`: `handlers` by path (under ADMIN_PREFIX) answer the envelope (code 200 by
 * default) or a whole Response; every call is recorded. A path without a handler fails the test,
 * and so does an envelope its call's contract refuses (checkFakeAnswer). The live connection's
 * ticket is refused unless a handler gives one (src/test/fake-socket.ts fakes the socket).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const answers = { ...NO_LIVE, ...handlers };
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(operatorCalls.ADMIN_PREFIX)) throw new Error(`unexpected fetch ${url}`);
    const path = url.slice(operatorCalls.ADMIN_PREFIX.length);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body, headers: { ...(init?.headers as Record<string, string>) } });
    const handler = answers[path];
    if (!handler) throw new Error(`no fake for ${path}`);
    const reply = await handler(body);
    if (reply instanceof Response) {
      const envelope = await envelopeOf(reply);
      if (envelope !== undefined) checkAnswer(path, envelope);
      return reply;
    }
    const envelope = { code: reply.code ?? 200, msg: reply.msg ?? 'ok', data: reply.data ?? null };
    checkAnswer(path, envelope);
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    fetch,
    count: (path: string) => calls.filter((c) => c.path === path).length,
    last: (path: string) => calls.filter((c) => c.path === path).at(-1),
  };
}

/** A page answer of a list call. */
export const page = <T>(list: T[], total = list.length, p = 1, pageSize = 20) => ({
  data: { list, total, page: p, pageSize },
});

/**
 * The fakes every console page calls besides its own: the operator's session (auth/me) as `role`,
 * and the queues, all empty. Spread into fakeApi's handlers; a test of either gives its own.
 */
export const consoleFakes = (role: operatorCalls.OperatorRole, username = 'x'): Record<string, Handler> => ({
  '/auth/me': () => ({
    data: { operator: { username, role }, expiresAt: '2099-01-01T00:00:00Z', timeZone: 'Asia/Shanghai' },
  }),
  '/queues': () => ({
    data: { manualDeposits: 0, withdrawalsReviewing: 0, withdrawalsApproved: 0, tradingAlerts: 0, newestAt: null },
  }),
});
