import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/test-utils';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { SESSION_TTL_MS, storage, TOKEN_KEY, USER_INFO_KEY } from '../lib/storage';
import { demoUser, fakeAppApi } from '../test/fake-api';
import { firstPaint, KEYS } from './draw';

/** A #root as served: empty, or holding the server's render of a page (src/ssr). */
function servedRoot(rendered = false): HTMLElement {
  const root = document.createElement('div');
  if (rendered) root.innerHTML = '<div class="app-shell"><main class="app-main"><p>rendered</p></main></div>';
  return root;
}

/** What #root holds once first-paint has run at `path`. */
function painted(path: string, root = servedRoot()): HTMLElement {
  firstPaint(root, path, localStorage);
  return root;
}

const html = (root: ParentNode, selector: string) => root.querySelector(selector)?.outerHTML;

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ token: null, userInfo: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useSession.setState({ token: null, userInfo: null });
});

describe('first paint', () => {
  it('draws the profile header of /user from the cached user info, as the app renders it', async () => {
    fakeAppApi({});
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    storage.set(USER_INFO_KEY, demoUser, SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: demoUser });
    const root = painted('/user');
    const { container } = renderApp('/user');
    await screen.findByTestId('user-nickname');
    expect(html(root, '.app-shell > .app-main > .user > .user-head')).toBe(html(container, '.user-head'));
  });

  it('draws nothing it does not know: a guest, /user without user info, other pages, over a render', () => {
    localStorage.clear();
    expect(painted('/user').childNodes).toHaveLength(0);
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    expect(painted('/user').childNodes).toHaveLength(0);
    storage.set(USER_INFO_KEY, demoUser, SESSION_TTL_MS);
    expect(painted('/login').childNodes).toHaveLength(0);
    expect(painted('/user/').childNodes).toHaveLength(1);
    expect(painted('/user', servedRoot(true)).textContent).toBe('rendered');
  });

  it('keeps the app’s storage keys', () => {
    expect(KEYS).toEqual({ token: TOKEN_KEY, userInfo: USER_INFO_KEY });
  });
});
