import { afterEach, describe, expect, it } from 'vitest';
import { playersAdmin, withdrawalsAdmin, operatorsAdmin, taiqiuAdmin } from '@breakshot/contracts';
import { fakeApi } from '../test/fake-api';
import { logIn, sessionOf } from '../test/render';
import { ApiError, call, downloadCsv } from './api';
import { getSession } from './session';

describe('api client', () => {
  afterEach(() => logIn(null));

  it('POSTs the JSON body to /api/admin<path> with the session and zh-CN, and resolves with data', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({ '/players/list': () => ({ data: { list: [], total: 0, page: 2, pageSize: 50 } }) });
    const data = await call(playersAdmin.playersList, { page: 2, pageSize: 50, q: 'ali', status: undefined });
    expect(data).toEqual({ list: [], total: 0, page: 2, pageSize: 50 });
    const [url, init] = api.fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/players/list');
    expect(init?.method).toBe('POST');
    // Empty filters are not sent.
    expect(JSON.parse(String(init?.body))).toEqual({ page: 2, pageSize: 50, q: 'ali' });
    expect(api.calls[0]!.headers).toMatchObject({
      'x-operator-session': 'tok-finance',
      'accept-language': 'zh-CN',
      'content-type': 'application/json',
    });
  });

  it('sends null where the call takes it (a limit cleared), and leaves out a null filter', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      '/taiqiu/match/limit': () => ({ data: { id: 11, marketSettings: [] } }),
      '/players/list': () => ({ data: { list: [], total: 0, page: 1, pageSize: 20 } }),
    });
    await call(taiqiuAdmin.limitSet, { matchId: 11, type: 'winner', liabilityLimit: null, reason: '恢复默认' });
    expect(api.last('/taiqiu/match/limit')!.body).toEqual({
      matchId: 11,
      type: 'winner',
      liabilityLimit: null,
      reason: '恢复默认',
    });
    await call(playersAdmin.playersList, { page: 1, pageSize: 20, q: null as unknown as string });
    expect(api.last('/players/list')!.body).toEqual({ page: 1, pageSize: 20 });
  });

  it("throws ApiError with the server's code, msg and data", async () => {
    logIn(sessionOf('risk'));
    fakeApi({ '/withdrawals/approve': () => ({ code: 409, msg: '您已审批过该提现', data: null }) });
    const err = await call(withdrawalsAdmin.withdrawalApprove, { orderNo: 'W1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 409, msg: '您已审批过该提现' });
    // Other failures keep the session.
    expect(getSession()?.token).toBe('tok-risk');
  });

  it('a 401 of a session call ends the session', async () => {
    logIn(sessionOf('finance'));
    fakeApi({ '/dashboard': () => ({ code: 401, msg: '登录已过期' }) });
    await expect(call(playersAdmin.dashboard, {})).rejects.toMatchObject({ code: 401 });
    expect(getSession()).toBeNull();
  });

  it('a 401 of login (wrong password) is just an error', async () => {
    fakeApi({ '/auth/login': () => ({ code: 429, msg: '尝试次数过多', data: { retryAfter: 600 } }) });
    const err = await call(operatorsAdmin.login, { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 429, data: { retryAfter: 600 } });
  });

  it('a network failure is ApiError code 0; an answer that is not the envelope says its HTTP status', async () => {
    fakeApi({ '/queues': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(call(playersAdmin.queues, {})).rejects.toMatchObject({ code: 0, msg: '网络错误，请稍后重试' });
    fakeApi({ '/queues': () => new Response('Not found\n', { status: 404 }) });
    await expect(call(playersAdmin.queues, {})).rejects.toMatchObject({ code: 0, msg: '服务器暂不可用（HTTP 404）' });
  });

  it('CSV export posts the filters without paging to path.csv and downloads the file', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      '/audit/list.csv': () =>
        new Response('id,action\n1,x\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit.csv"',
          },
        }),
    });
    const clicked: string[] = [];
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      await downloadCsv(playersAdmin.auditList, { page: 3, pageSize: 20, action: 'withdrawal.approve', operator: '' });
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
    expect(api.calls[0]!.body).toEqual({ action: 'withdrawal.approve' });
    expect(api.calls[0]!.headers['x-operator-session']).toBe('tok-risk');
    expect(clicked).toEqual(['audit.csv']);
  });
});
