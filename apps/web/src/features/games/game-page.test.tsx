import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBrowserRouter, Link, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Answer } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import GamePage from './game-page';

const LAUNCHED = { url: '/demo-provider/play?token=launch-1', gameCode: 'demo-slot', name: '幸运水果' };
const ok = (): Answer => ({ code: 200, data: LAUNCHED });

const open = (entry: InitialEntry = '/game/demo-slot') => renderAt(<GamePage />, '/game/:code', entry);

/** The game opened from the bet records page, in the browser's own history. */
async function playFromBetRecords() {
  fakeApi({ '/game/launch': ok });
  window.history.replaceState(null, '', '/user/touzhulogs');
  const router = createBrowserRouter([
    { path: '/user/touzhulogs', element: <Link to="/game/demo-slot">play</Link> },
    { path: '/game/:code', element: <GamePage /> },
    { path: '*', element: <div>elsewhere</div> },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByText('play'));
  await screen.findByTestId('game-frame');
  return router;
}

/** Delivers an event as if it came over the live connection. */
const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

describe('game page', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, balance: 10_000 } });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('launches on open: loading with the tile’s name, then the game’s page in the frame', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeApi({
      '/game/launch': async () => {
        await gate;
        return ok();
      },
    });
    open({ pathname: '/game/demo-slot', state: { name: 'Lucky fruit' } });
    expect(screen.getByTestId('game-loading').textContent).toBe('正在进入游戏…');
    expect(screen.getByRole('heading').textContent).toBe('Lucky fruit');
    expect(screen.queryByTestId('game-frame')).toBeNull();

    release();
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/demo-provider/play?token=launch-1`);
    // Our own origin's game page runs in an opaque origin: no allow-same-origin, no top navigation.
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    expect(screen.getByRole('heading').textContent).toBe('幸运水果');
    // The frame's page is still loading: the spinner stays until it has.
    expect(screen.getByTestId('game-loading')).toBeTruthy();
    fireEvent.load(frame);
    expect(screen.queryByTestId('game-loading')).toBeNull();
    expect(api.bodies('/game/launch')).toEqual([{ gameCode: 'demo-slot' }]);
  });

  it('shows the balance in its bar and follows BALANCE_UPDATED without a reload', async () => {
    fakeApi({ '/game/launch': ok, '/user/info': () => ({ code: 200, data: { ...demoUser, balance: 9_500 } }) });
    open();
    await screen.findByTestId('game-frame');
    expect(screen.getByTestId('game-balance').textContent).toBe('¥100.00');
    await deliver({ type: 'BALANCE_UPDATED', balance: 9_500 });
    expect(screen.getByTestId('game-balance').textContent).toBe('¥95.00');
    // The page (and its frame) stayed: no second launch.
    expect(screen.getByTestId('game-frame').getAttribute('src')).toContain('launch-1');
  });

  it('a refused launch says why, in the player’s language, and 重试 launches again', async () => {
    const answers: Answer[] = [{ code: 403, msg: '账户已自我禁止，暂时无法游戏' }, ok()];
    const api = fakeApi({ '/game/launch': () => answers.shift()! });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('游戏打开失败');
    expect(alert.textContent).toContain('账户已自我禁止，暂时无法游戏');
    expect(screen.queryByTestId('game-frame')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('game-frame')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.count('/game/launch')).toBe(2);
  });

  it('in English: the failure and its retry button', async () => {
    await setLanguage('en');
    fakeApi({ '/game/launch': () => ({ code: 422, msg: 'This game is not available' }) });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not open the game');
    expect(alert.textContent).toContain('This game is not available');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('never frames a launch URL that is not a web page', async () => {
    fakeApi({ '/game/launch': () => ({ code: 200, data: { ...LAUNCHED, url: 'javascript:alert(1)' } }) });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('游戏地址无效，请联系客服');
    expect(screen.queryByTestId('game-frame')).toBeNull();
  });

  it('frames a provider of another origin in its own origin, never allowed to navigate the site away', async () => {
    const url = 'https://games.example.net/launch?token=launch-2';
    fakeApi({ '/game/launch': () => ({ code: 200, data: { ...LAUNCHED, url } }) });
    open();
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe(url);
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    );
  });

  it('opened directly, back goes to /home', async () => {
    fakeApi({ '/game/launch': ok });
    const { router } = open();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('opened from a page of the app, back returns there', async () => {
    const router = await playFromBetRecords();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/touzhulogs'));
    router.dispose();
  });

  it('back leaves the game even after the game navigated inside its frame', async () => {
    const router = await playFromBetRecords();
    // What two navigations of the frame do to the top window's history: entries at the same page.
    for (let i = 0; i < 2; i += 1) window.history.pushState(window.history.state, '', window.location.href);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/touzhulogs'));
    router.dispose();
  });
});
