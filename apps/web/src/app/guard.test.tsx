import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, storage, TOKEN_KEY } from '../lib/storage';
import type * as ToastModule from '../lib/toast';
import { showToast } from '../lib/toast';
import { setLanguage } from '../lib/i18n';
import { AuthGate, LOGIN_GUARD_DELAY_MS } from './guard';
import { fakeAppApi } from '../test/fake-api';
import { renderApp } from './test-utils';

vi.mock('../lib/toast', async (orig) => ({ ...(await orig<typeof ToastModule>()), showToast: vi.fn(async () => {}) }));

describe('route guard (docs/spec.md §6, docs/screens.md)', () => {
  beforeEach(() => {
    vi.mocked(showToast).mockClear();
    fakeAppApi({});
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a guest on a requireAuth route sees 请先登录 and lands on /login with redirect (full app)', async () => {
    const { router } = renderApp('/user/qukuan?x=1');
    // The whole app loads its lazy routes first: allow for a slow machine.
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('请先登录'), { timeout: 5000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/qukuan?x=1');
    // The login page replaces the guarded one once its lazy chunk is in.
    await screen.findByRole('button', { name: '登录' });
    expect(screen.queryByText('取款')).toBeNull();
  });

  it('navigates exactly 500 ms after the toast (fake timers)', async () => {
    vi.useFakeTimers();
    const meta = { topBar: true, requireAuth: true, title: 'title.qukuan' };
    const router = createMemoryRouter(
      [
        { path: '/user/qukuan', element: <AuthGate meta={meta}>secret page</AuthGate> },
        { path: '/login', element: <div>login page</div> },
      ],
      { initialEntries: ['/user/qukuan'] },
    );
    render(<RouterProvider router={router} />);
    expect(showToast).toHaveBeenCalledWith('请先登录');
    expect(screen.queryByText('secret page')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_GUARD_DELAY_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/user/qukuan');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fuser%2Fqukuan');
    expect(LOGIN_GUARD_DELAY_MS).toBe(500);
  });

  it('shows the English text when the language is en', async () => {
    await setLanguage('en');
    const router = createMemoryRouter(
      [{ path: '/x', element: <AuthGate meta={{ topBar: true, requireAuth: true, title: 't' }}>x</AuthGate> }],
      {
        initialEntries: ['/x'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(showToast).toHaveBeenCalledWith('Please log in first');
    await setLanguage('zh-CN');
  });

  it('public routes and logged-in users pass', async () => {
    const { router } = renderApp('/newpass');
    await screen.findByTestId('newpass-submit');
    expect(router.state.location.pathname).toBe('/newpass');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('a logged-in user opens a protected route without a toast', async () => {
    storage.set(TOKEN_KEY, 't', SESSION_TTL_MS);
    const { router } = renderApp('/user/daili/baobiao');
    await screen.findByText('报表中心'); // TopBar title from the route meta
    expect(router.state.location.pathname).toBe('/user/daili/baobiao');
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('/:inviteCode? redirect (docs/spec.md §2)', () => {
  beforeEach(() => {
    fakeAppApi({});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('/ABC123 → /home?invite=ABC123 with state fromInvite, and remembers the code', async () => {
    const { router } = renderApp('/ABC123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('?invite=ABC123');
    expect(router.state.location.state).toEqual({ fromInvite: true });
    expect(sessionStorage.getItem('invite_code')).toBe('ABC123');
  });

  it('/ → /home without invite', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
  });
});
