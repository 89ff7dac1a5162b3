import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@breakshot/contracts';
import { ApiError, createClient, DEFAULT_TIMEOUT_MS, type ClientOptions, type Transport } from '../src/index.js';
import { OK, UNAUTHORIZED } from '../src/client.js';

const fetchMock = vi.fn<Transport>();
const lastUrl = () => String(fetchMock.mock.calls.at(-1)![0]);
const lastInit = () => fetchMock.mock.calls.at(-1)![1]!;

function reply(body: unknown, init: ResponseInit = {}) {
  fetchMock.mockResolvedValueOnce(new Response(typeof body === 'string' ? body : JSON.stringify(body), init));
}

function client(options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: () => 'http://api.test/api/v9/', fetch: fetchMock, ...options });
}

afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

describe('the contract client', () => {
  it('POSTs JSON to base + path with the provided headers and resolves with the envelope data', async () => {
    reply({ code: 200, msg: 'ok', data: { a: 1 } });
    const c = client({ headers: () => ({ token: 't1' }) });
    await expect(c.request({ method: 'POST', path: '/user/info', body: { x: 2 } })).resolves.toEqual({ a: 1 });
    expect(lastUrl()).toBe('http://api.test/api/v9/user/info');
    expect(lastInit()).toMatchObject({
      method: 'POST',
      body: '{"x":2}',
      headers: { token: 't1', 'content-type': 'application/json' },
    });
  });

  it('GET sends the body as query parameters', async () => {
    reply({ code: 200, msg: 'ok', data: null });
    await client().request({ method: 'GET', path: '/config', body: { a: 1, b: 'x y' } });
    expect(lastUrl()).toBe('http://api.test/api/v9/config?a=1&b=x+y');
    expect(lastInit().body).toBeUndefined();
  });

  it("rejects a refusal with an ApiError carrying the envelope's code, msg, data and the HTTP status", async () => {
    reply({ code: 429, msg: '稍后再试', data: { retryAfter: 600 } }, { status: 200 });
    const err = await client()
      .request({ method: 'POST', path: '/login' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 429, msg: '稍后再试', data: { retryAfter: 600 }, status: 200, reason: null });
  });

  it('times out after the timeout with code 0 and reason timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = client().request({ method: 'POST', path: '/slow' });
    const settled = vi.fn();
    p.then(settled, settled);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ code: 0, msg: 'timeout', reason: 'timeout' });
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
  });

  it('a network failure and an answer that is not the envelope reject with code 0, named by failureText', async () => {
    const c = client({ failureText: (reason, status) => `${reason} ${status}` });
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(c.request({ method: 'POST', path: '/x' })).rejects.toMatchObject({ code: 0, msg: 'network 0' });
    reply('<html>Bad gateway</html>', { status: 502 });
    await expect(c.request({ method: 'POST', path: '/x' })).rejects.toMatchObject({
      code: 0,
      msg: 'reply 502',
      status: 502,
    });
  });

  it("the caller's cancellation rejects with its own reason", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    );
    const p = client().request({ method: 'POST', path: '/x', signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(p).rejects.toThrow('left the page');
  });

  it('a 401 of an authenticated call calls the hook before rejecting; of a login call it does not', async () => {
    const onUnauthorized = vi.fn();
    const c = client({ onUnauthorized });
    reply({ code: 401, msg: '请先登录', data: null });
    await expect(c.request({ method: 'POST', path: '/user/info' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized.mock.calls[0]![0]).toBeInstanceOf(ApiError);
    reply({ code: 401, msg: '密码错误', data: null });
    await expect(c.request({ method: 'POST', path: '/auth/login', authenticated: false })).rejects.toMatchObject({
      code: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('requestFile answers the file, or rejects with the envelope of a refusal', async () => {
    const c = client();
    reply('id\n1\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    const res = await c.requestFile({ method: 'POST', path: '/audit/list.csv' }, 'text/csv');
    await expect(res.text()).resolves.toBe('id\n1\n');
    reply({ code: 403, msg: '无权限', data: null }, { headers: { 'content-type': 'application/json' } });
    await expect(c.requestFile({ method: 'POST', path: '/audit/list.csv' }, 'text/csv')).rejects.toMatchObject({
      code: 403,
    });
  });

  it('acts on the codes of the contracts', () => {
    expect([OK, UNAUTHORIZED]).toEqual([ErrorCode.OK, ErrorCode.UNAUTHORIZED]);
  });
});
