/* Test helpers (imported by *.test.ts(x) only): a fake of the server's /api/v9 calls. */
import { vi } from 'vitest';
import { checkFakeAnswer } from '@breakshot/contracts/answer-check';
import { failAfterTest } from '../test-network-guard';

export type Answer = { code: number; msg?: string; data?: unknown };
export type Handler = (body: Record<string, unknown>) => Answer | Promise<Answer>;

/** The site config /config answers with. */
export const SYS = {
  siteName: 'Breakshot',
  currency: 'CNY',
  currencySymbol: '¥',
  timeZone: 'Asia/Shanghai',
  serviceUrl: '',
  registerEnabled: true,
  inviteCodeRequired: false,
};

export const demoUser = {
  id: 1,
  username: 'player01',
  nickname: 'Ace',
  avatar: '',
  balance: 123456,
  frozen: 5000,
  vipLevel: 3,
  mobile: null,
  inviteCode: 'ME0001',
  hasFundPassword: false,
  createdAt: '2026-01-01T00:00:00Z',
  sex: 'unspecified' as const,
  birthday: null as string | null,
};

/** captcha/getCode's image: a PNG (a 1 × 1 one here). */
const IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A fetch stub answering /api/v9/<path> from `handlers` — by default /config with SYS and no live
 * connection (/getWss fails); other paths 404 — and recording the calls. Every answer is checked
 * against its call's contract (checkFakeAnswer): one the server could not send fails the test.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const all: Record<string, Handler> = {
    '/config': () => ({ code: 200, data: { sys: SYS } }),
    '/getWss': () => ({ code: 500, msg: 'no live in tests' }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v9/, '');
    // Uploads post multipart: their fields (the file as a File) become the recorded body.
    const body =
      init?.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : init?.body
          ? (JSON.parse(String(init.body)) as Record<string, unknown>)
          : {};
    calls.push({ path, body, headers: init?.headers as Record<string, string> });
    const h = all[path];
    const answer = { msg: 'ok', data: null, ...(h ? await h(body) : { code: 404, msg: 'not found' }) };
    try {
      checkFakeAnswer('player', path, answer);
    } catch (err) {
      failAfterTest((err as Error).message);
    }
    return new Response(JSON.stringify(answer));
  });
  vi.stubGlobal('fetch', fetchMock);
  const of = (p: string) => calls.filter((c) => c.path === p);
  return {
    calls,
    fetchMock,
    of,
    count: (p: string) => of(p).length,
    bodies: (p: string) => of(p).map((c) => c.body),
    paths: () => calls.map((c) => c.path),
  };
}

/** `fakeApi` plus the account calls of the whole app: captcha, user info (demoUser) and logout. */
export function fakeAppApi(handlers: Record<string, Handler>) {
  let captchas = 0;
  return fakeApi({
    '/captcha/getCode': () => ({ code: 200, data: { captchaId: `c${++captchas}`, image: IMAGE } }),
    '/user/info': () => ({ code: 200, data: demoUser }),
    '/user/logout': () => ({ code: 200, data: {} }),
    ...handlers,
  });
}
