import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { live, useSession } from '../lib/session';
import { showToast } from '../lib/toast';
import type * as ToastModule from '../lib/toast';
import { fakeAppApi } from '../test/fake-api';
import { renderApp } from './test-utils';

/** The whole app's login, its lazy pages loaded: about 2 s, longer on a busy machine. */
const APP_LOGIN_MS = 15_000;

vi.mock('../lib/toast', async (orig) => ({ ...(await orig<typeof ToastModule>()), showToast: vi.fn(async () => {}) }));

/** The /home lobby's game tiles open /game/{code}, which needs a login (routes.ts). */
const LIST = {
  categories: [
    {
      gameType: 'slots',
      games: [
        {
          code: 'demo-slot',
          name: '幸运水果',
          gameType: 'slots',
          providerId: 'demo',
          providerName: '演示游戏',
          image: '',
        },
      ],
    },
  ],
};

describe('a guest taps a game on /home', () => {
  beforeEach(() => {
    vi.mocked(showToast).mockClear();
    useSession.setState({ token: null, userInfo: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('is asked to log in, and comes back to the game after', { timeout: APP_LOGIN_MS }, async () => {
    fakeAppApi({
      '/game/list': () => ({ code: 200, data: LIST }),
      '/taiqiu/matches': () => ({ code: 200, data: { list: [], total: 0, page: 1, pageSize: 10 } }),
      '/notice/list': () => ({ code: 200, data: { list: [], total: 0, page: 1, pageSize: 10 } }),
      '/login': () => ({ code: 200, data: { token: 'tok-1' } }),
      '/game/launch': () => ({
        code: 200,
        data: { url: '/demo-provider/play?token=t', gameCode: 'demo-slot', name: '幸运水果' },
      }),
    });
    const { router } = renderApp('/home');
    fireEvent.click(await screen.findByRole('tab', { name: '电子' }, { timeout: 5000 }));
    fireEvent.click((await screen.findAllByTestId('game-tile'))[0]!);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('请先登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/game/demo-slot');

    await screen.findByTestId('captcha-image');
    for (const [label, value] of [
      ['用户名', 'player01'],
      ['密码', 'secret123'],
      ['验证码', '2468'],
    ]) {
      fireEvent.change(screen.getByLabelText(label!), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/demo-slot'));
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe(
      `${window.location.origin}/demo-provider/play?token=t`,
    );
    live.close();
  });
});
