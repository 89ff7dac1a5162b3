import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { logIn, renderApp } from '../test/render';
import { SESSION_KEY } from '../lib/session';

const TOKEN = 'S'.repeat(43);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const done = {
  stage: 'done',
  token: 'tok-setup',
  operator: { username: 'cashier.li', role: 'finance' as const },
  expiresAt: '2099-01-01T00:00:00.000Z',
  failedLogins: null,
  timeZone: 'Asia/Shanghai',
};

describe('a setup link', () => {
  it('sets the password (checked as the server does, typed twice), then the authenticator, and logs in', async () => {
    logIn(null);
    const api = fakeApi({
      '/auth/setup/check': () => ({
        data: { operator: { username: 'cashier.li', role: 'finance' }, expiresAt: '2026-11-24T10:00:00Z' },
      }),
      '/auth/setup': () => ({
        data: {
          stage: 'totp_setup',
          setupToken: 'setup-9',
          otpauthUrl: 'otpauth://totp/Breakshot:cashier.li?secret=JBSWY3DPEHPK3PXP&issuer=Breakshot',
          secret: 'JBSWY3DPEHPK3PXP',
        },
      }),
      '/auth/totp/confirm': () => ({ data: done }),
      '/auth/me': () => ({ data: { operator: done.operator, expiresAt: done.expiresAt, timeZone: 'Asia/Shanghai' } }),
      '/dashboard': () => ({ code: 500, msg: '—' }),
      '/queues': () => ({
        data: { manualDeposits: 0, withdrawalsReviewing: 0, withdrawalsApproved: 0, tradingAlerts: 0, newestAt: null },
      }),
    });
    const { router } = renderApp(`/setup/${TOKEN}`);
    const who = await screen.findByTestId('setup-link-operator');
    expect(who.textContent).toContain('cashier.li');
    expect(who.textContent).toContain('财务');
    expect(who.textContent).toContain('2026-11-24 18:00:00');
    expect(api.last('/auth/setup/check')!.body).toEqual({ token: TOKEN });

    type('登录密码', 'short');
    type('再次输入密码', 'other');
    fireEvent.click(screen.getByRole('button', { name: /设置密码并继续/ }));
    expect(await screen.findByText('至少 12 位')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.count('/auth/setup')).toBe(0);

    type('登录密码', 'a strong console pass 1');
    type('再次输入密码', 'a strong console pass 1');
    fireEvent.click(screen.getByRole('button', { name: /设置密码并继续/ }));
    await screen.findByTestId('totp-qr');
    expect(api.last('/auth/setup')!.body).toEqual({ token: TOKEN, password: 'a strong console pass 1' });

    type('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: /确认绑定并登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.last('/auth/totp/confirm')!.body).toEqual({ setupToken: 'setup-9', code: '123456' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ token: 'tok-setup' });
  });

  it('a used or expired link says so in the operator’s words and leads to the login page', async () => {
    logIn(null);
    fakeApi({
      '/auth/setup/check': () => ({ code: 401, msg: '设置链接无效或已过期，请联系管理员重新生成' }),
    });
    const { router } = renderApp(`/setup/${TOKEN}`);
    expect((await screen.findByTestId('setup-link-ended')).textContent).toContain('设置链接无效或已过期');
    expect(router.state.location.pathname).toBe(`/setup/${TOKEN}`);
    fireEvent.click(screen.getByRole('link', { name: '前往登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
