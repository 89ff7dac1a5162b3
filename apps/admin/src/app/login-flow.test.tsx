import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorsAdmin } from '@breakshot/contracts';
import { fakeApi } from '../test/fake-api';
import { logIn, renderApp } from '../test/render';
import { getSession, SESSION_KEY } from '../lib/session';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const done = {
  stage: 'done',
  token: 'tok-new',
  operator: { username: 'alice', role: 'content' as const },
  expiresAt: '2099-01-01T00:00:00.000Z',
  failedLogins: null,
  timeZone: 'Asia/Shanghai',
};
const notices = { data: { list: [], total: 0, page: 1, pageSize: 20 } };

describe('login', () => {
  it('without a session every page leads to the login page', async () => {
    logIn(null);
    const { router } = renderApp('/withdrawals');
    await screen.findByLabelText('用户名');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('first login: shows the QR code and secret of the new TOTP, then logs in with a code from the app', async () => {
    logIn(null);
    const api = fakeApi({
      '/auth/login': () => ({
        data: {
          stage: 'totp_setup',
          setupToken: 'setup-1',
          otpauthUrl: 'otpauth://totp/Breakshot:alice?secret=JBSWY3DPEHPK3PXP&issuer=Breakshot',
          secret: 'JBSWY3DPEHPK3PXP',
        },
      }),
      '/auth/totp/confirm': () => ({ data: done }),
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: 'Asia/Shanghai' } }),
      '/notices/list': () => notices,
    });
    const { router } = renderApp('/login');
    type('用户名', 'alice');
    type('密码', 'pw-123456');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    const qr = await screen.findByTestId('totp-qr');
    expect(qr.querySelector('canvas, svg')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(api.last('/auth/login')!.body).toEqual({ username: 'alice', password: 'pw-123456' });

    type('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: /确认绑定并登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices'));
    expect(api.last('/auth/totp/confirm')!.body).toEqual({ setupToken: 'setup-1', code: '123456' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ token: 'tok-new' });
    expect((await screen.findByTestId('operator-name')).textContent).toBe('alice');
  });

  it("shows the server's message when the password or code is wrong, and 429's wait", async () => {
    logIn(null);
    let reply: { code: number; msg: string; data?: unknown } = { code: 401, msg: '用户名或密码错误' };
    fakeApi({ '/auth/login': () => reply });
    renderApp('/login');
    type('用户名', 'alice');
    type('密码', 'bad');
    type('动态验证码', '000000');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('用户名或密码错误');

    reply = { code: 429, msg: '尝试次数过多，请稍后再试', data: { retryAfter: 600 } };
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toContain('10 分钟后重试'));
    expect(getSession()).toBeNull();
  });

  it('a code typed with the password goes with the login; done logs in at once', async () => {
    logIn(null);
    const api = fakeApi({
      '/auth/login': () => ({ data: done }),
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: 'Asia/Shanghai' } }),
      '/notices/list': () => notices,
    });
    const { router } = renderApp('/login');
    type('用户名', 'alice');
    type('密码', 'pw');
    type('动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices'));
    expect(api.last('/auth/login')!.body).toEqual({ username: 'alice', password: 'pw', code: '654321' });
  });

  it('a login after failures on the name says how many, when and from where', async () => {
    logIn(null);
    const lastAt = '2026-03-04T05:06:00.000Z';
    const answer = operatorsAdmin.login.response.parse({
      code: 200,
      msg: 'ok',
      data: { ...done, failedLogins: { count: 4, lastAt, lastIp: '203.0.113.*' } },
    });
    fakeApi({
      '/auth/login': () => answer,
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: 'Asia/Shanghai' } }),
      '/notices/list': () => notices,
    });
    const { router } = renderApp('/login');
    type('用户名', 'alice');
    type('密码', 'pw');
    type('动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices'));
    const dialog = await screen.findByTestId('failed-logins');
    expect(dialog.textContent).toContain('登录失败提醒');
    expect(dialog.textContent).toContain('有 4 次密码或验证码错误');
    expect(dialog.textContent).toContain('来自 203.0.113.*');
    // On the site's clock (Asia/Shanghai), whatever the computer's zone, with the offset.
    expect(dialog.textContent).toContain('最近一次在 2026-03-04 13:06 (UTC+8)');
  });

  it('another tab shares the session: its login logs this tab in, a logout here logs every tab out', async () => {
    logIn(null);
    const api = fakeApi({
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: done.timeZone } }),
      '/notices/list': () => notices,
      '/auth/logout': () => ({ data: {} }),
    });
    const { router } = renderApp('/notices');
    await screen.findByLabelText('用户名');
    // The other tab's login writes the shared storage; the browser tells this tab.
    const stored = JSON.stringify({ token: 'tok-other-tab', operator: done.operator, expiresAt: done.expiresAt });
    localStorage.setItem(SESSION_KEY, stored);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: stored }));
    expect((await screen.findByTestId('operator-name')).textContent).toBe('alice');
    expect(api.last('/auth/me')!.headers['x-operator-session']).toBe('tok-other-tab');

    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // What the other tabs read: nothing, so they go to the login page too.
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("another tab's logout sends this tab to the login page at once", async () => {
    logIn({ token: 'tok-shared', operator: done.operator, expiresAt: done.expiresAt, timeZone: done.timeZone });
    fakeApi({
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: done.timeZone } }),
      '/notices/list': () => notices,
    });
    const { router } = renderApp('/notices');
    await screen.findByTestId('operator-name');
    localStorage.removeItem(SESSION_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
  });

  it('a stored session past its expiry is not used', async () => {
    logIn({ token: 'old', operator: done.operator, expiresAt: '2020-01-01T00:00:00.000Z', timeZone: done.timeZone });
    const { router } = renderApp('/notices');
    await screen.findByLabelText('用户名');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a session the server no longer knows (401 on me) goes back to the login page', async () => {
    logIn({
      token: 'stale',
      operator: { username: 'bob', role: 'content' },
      expiresAt: '2099-01-01T00:00:00Z',
      timeZone: 'Asia/Shanghai',
    });
    fakeApi({
      '/auth/me': () => ({ code: 401, msg: '请先登录' }),
      '/notices/list': () => ({ code: 401, msg: '请先登录' }),
    });
    const { router } = renderApp('/notices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
  });
});
