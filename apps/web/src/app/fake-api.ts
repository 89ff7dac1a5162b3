import { vi } from 'vitest';

type Handler = (body: Record<string, unknown>) => { code: number; msg?: string; data?: unknown };

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
};

/** A fetch stub answering /api/v9/<path> from handlers; records calls. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const defaults: Record<string, Handler> = {
    '/config': () => ({
      code: 200,
      data: {
        sys: {
          siteName: 'Breakshot',
          currency: 'CNY',
          currencySymbol: '¥',
          timeZone: 'Asia/Shanghai',
          serviceUrl: '',
          registerEnabled: true,
          inviteCodeRequired: false,
        },
      },
    }),
    '/captcha/getCode': () => ({
      code: 200,
      data: { captchaId: `c${calls.length}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' },
    }),
    '/user/info': () => ({ code: 200, data: demoUser }),
    '/getWss': () => ({ code: 500, msg: 'no live in tests' }),
    '/user/logout': () => ({ code: 200, data: {} }),
  };
  const all = { ...defaults, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v9/, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body, headers: init?.headers as Record<string, string> });
    const h = all[path];
    const res = h ? h(body) : { code: 404, msg: 'not found' };
    return new Response(JSON.stringify({ msg: 'ok', data: null, ...res }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, count: (p: string) => calls.filter((c) => c.path === p).length };
}
