import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as routes from '@breakshot/client/routes';
import { API_PREFIX } from '@breakshot/contracts';
import { ApiError, call, dropNulls, HTTP_TIMEOUT_MS, onUnauthorized, request } from './http';
import { setNavigate } from './navigation';
import { setRuntimeConfig } from './runtime-config';
import { DEVICE_ID_KEY, SESSION_TTL_MS, storage, TOKEN_KEY, USER_INFO_KEY } from './storage';

const fetchMock = vi.fn<typeof fetch>();

function reply(body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
}
const lastInit = () => fetchMock.mock.calls.at(-1)![1]!;
const lastUrl = () => String(fetchMock.mock.calls.at(-1)![0]);
const lastHeaders = () => lastInit().headers as Record<string, string>;

describe('http client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    navigate.mockReset();
    setNavigate(navigate);
    setRuntimeConfig({ VITE_API_BASE_URL: '/' });
    window.history.replaceState(null, '', '/user');
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('POSTs JSON to {base}/api/v9/<path> with header token = "false" when logged out', async () => {
    reply({ code: 200, msg: 'ok', data: { a: 1 } });
    await expect(request({ method: 'POST', path: '/user/info', data: {} })).resolves.toEqual({ a: 1 });
    expect(lastUrl()).toBe('/api/v9/user/info');
    expect(lastInit().method).toBe('POST');
    expect(lastHeaders().token).toBe('false');
    expect(lastHeaders()['content-type']).toBe('application/json');
    expect(lastHeaders()['Accept-Language']).toBe('zh-CN');
  });

  it('sends the device id it keeps: the same on every call, and after a logout', async () => {
    reply({ code: 200, msg: 'ok', data: null });
    await request({ method: 'POST', path: '/user/info' });
    const first = lastHeaders()['X-Device-Id'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    storage.remove(TOKEN_KEY);
    reply({ code: 200, msg: 'ok', data: null });
    await request({ method: 'POST', path: '/user/info' });
    expect(lastHeaders()['X-Device-Id']).toBe(first);
    expect(storage.get(DEVICE_ID_KEY)).toBe(first);
  });

  it('sends the stored token and uses the runtime base URL', async () => {
    storage.set(TOKEN_KEY, 'tok123', SESSION_TTL_MS);
    setRuntimeConfig({ VITE_API_BASE_URL: 'https://api.example.com/' });
    reply({ code: 200, msg: 'ok', data: null });
    await request({ method: 'POST', path: '/getWss' });
    expect(lastHeaders().token).toBe('tok123');
    expect(lastUrl()).toBe('https://api.example.com/api/v9/getWss');
  });

  it('drops null and undefined fields recursively from the payload', async () => {
    reply({ code: 200, msg: 'ok', data: {} });
    await request({
      method: 'POST',
      path: '/x',
      data: {
        a: null,
        b: 1,
        c: undefined,
        d: { e: null, f: 'g', h: { i: null, j: 0 } },
        k: [1, null, { l: null, m: false }],
      },
    });
    expect(JSON.parse(String(lastInit().body))).toEqual({ b: 1, d: { f: 'g', h: { j: 0 } }, k: [1, { m: false }] });
    expect(dropNulls({ a: null })).toEqual({});
  });

  it('GET sends params in the query without nulls and no body', async () => {
    reply({ code: 200, msg: 'ok', data: { sys: {} } });
    await request({ method: 'GET', path: '/config', data: { a: 1, b: null } });
    expect(lastUrl()).toBe('/api/v9/config?a=1');
    expect(lastInit().method).toBe('GET');
    expect(lastInit().body).toBeUndefined();
  });

  it('times out after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = request({ method: 'POST', path: '/slow' });
    const settled = vi.fn();
    p.then(settled, settled);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ code: 0, msg: 'timeout' });
    expect(HTTP_TIMEOUT_MS).toBe(60_000);
  });

  it('rejects other codes with an ApiError carrying code, msg and data', async () => {
    reply({ code: 429, msg: '稍后再试', data: { retryAfter: 600 } });
    const err = await request({ method: 'POST', path: '/login' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 429, msg: '稍后再试', data: { retryAfter: 600 } });
    reply({ code: 400, msg: '用户名 须为 6–16 位', data: { field: 'username' } });
    await expect(request({ method: 'POST', path: '/register' })).rejects.toMatchObject({ code: 400 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects transport failures with code 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request({ method: 'POST', path: '/x' })).rejects.toMatchObject({ code: 0, msg: 'network' });
  });

  it('401 clears token and user info, goes to /login (not on /home) and still rejects', async () => {
    storage.set(TOKEN_KEY, 't', SESSION_TTL_MS);
    storage.set(USER_INFO_KEY, { id: 1 }, SESSION_TTL_MS);
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    reply({ code: 401, msg: '请先登录', data: null });
    await expect(request({ method: 'POST', path: '/user/info' })).rejects.toMatchObject({ code: 401 });
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(storage.get(USER_INFO_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/login');
    off();
  });

  it('401 on /home stays on /home', async () => {
    window.history.replaceState(null, '', '/home');
    storage.set(TOKEN_KEY, 't', SESSION_TTL_MS);
    reply({ code: 401, msg: 'expired', data: null });
    await expect(request({ method: 'POST', path: '/user/info' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(storage.get(TOKEN_KEY)).toBeNull();
  });

  it("call() sends to the route table's method and path, under the contracts' prefix", async () => {
    reply({ code: 200, msg: 'ok', data: { token: 'w' } });
    const data = await call(routes.auth.getWss, {});
    expect(data).toEqual({ token: 'w' });
    expect(lastUrl()).toBe(`${API_PREFIX}/getWss`);
  });
});
