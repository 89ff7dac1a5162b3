import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BootData, seedBootData } from '../app/boot-data';
import { renderApp } from '../app/test-utils';
import '../features/home/i18n';
import '../features/home/i18n-banners';
import { setLanguage, t } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { LANGUAGE_KEY, SESSION_TTL_MS, storage, TOKEN_KEY, USER_INFO_KEY } from '../lib/storage';
import { demoUser, fakeAppApi, SYS } from '../test/fake-api';
import { firstPaint, KEYS, TEXTS } from './draw';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10 });
const banner = (id: number, link: string | null) => ({
  id,
  type: 'banner' as const,
  title: `Banner ${id} <b>`,
  summary: `Summary ${id}`,
  image: IMAGE,
  link,
  publishedAt: '2026-01-01T00:00:00Z',
});

const BOOT: BootData = {
  lang: 'zh-CN',
  sys: { ...SYS, siteName: 'Cue & Co' } as BootData['sys'],
  home: {
    banners: page([banner(7, null), banner(8, '/taiqiu')]),
    notices: page([]),
    promos: [{ id: 3, type: 'shouCun', title: 'Promo', summary: 'First deposit', image: null }],
  } as unknown as BootData['home'],
};

/** The page as served: the boot data in its <script> element. */
function servePage(boot: BootData) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'boot-data';
  script.textContent = JSON.stringify(boot);
  document.head.append(script);
}

/** What first-paint draws at `path`, as the document it draws into would hold it. */
function drawn(path: string): HTMLElement | null {
  const el = firstPaint(document, path, localStorage);
  const box = document.createElement('div');
  if (el) box.append(el);
  return el && box;
}

const html = (root: ParentNode, selector: string) => root.querySelector(selector)?.outerHTML;

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ token: null, userInfo: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById('boot-data')?.remove();
  useSession.setState({ token: null, userInfo: null });
  void setLanguage('zh-CN');
});

describe('first paint', () => {
  it('draws /home for a guest as the app then renders it, from the boot data', async () => {
    fakeAppApi({ '/taiqiu/matches': () => ({ code: 200, data: page([]) }) });
    servePage(BOOT);
    seedBootData(BOOT);
    const painted = drawn('/home')!;
    const { container } = renderApp('/home');
    await screen.findByTestId('banner-carousel');

    expect(container.querySelector('.app-shell')?.className).toBe('app-shell has-tab-bar');
    for (const part of ['.home-header', '.home-account', '.home-banner-slide', '.home-banner-dots']) {
      expect(html(painted, `.app-shell > .app-main > .home > ${part}, .home-banner ${part}`), part).toBe(
        html(container, `.app-shell > .app-main > .home > ${part}, .home-banner ${part}`),
      );
    }
    expect(painted.querySelector('.home-banner-track')?.getAttribute('aria-label')).toBe(
      container.querySelector('.home-banner-track')?.getAttribute('aria-label'),
    );
    // Text stays text: a title is never read as markup.
    expect(painted.querySelector('.home-banner-slide strong')?.textContent).toBe('Banner 7 <b>');
  });

  it('draws the profile header of /user from the cached user info, as the app renders it', async () => {
    fakeAppApi({});
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    storage.set(USER_INFO_KEY, demoUser, SESSION_TTL_MS);
    useSession.setState({ token: 'tok', userInfo: demoUser });
    const painted = drawn('/user')!;
    const { container } = renderApp('/user');
    await screen.findByTestId('user-nickname');
    expect(html(painted, '.app-shell > .app-main > .user > .user-head')).toBe(html(container, '.user-head'));
  });

  it('draws nothing it does not know: a player on /home, /user without user info, other pages, another language', () => {
    // Cleared here, in the same task as the draws: the app of the test before may still store its session.
    localStorage.clear();
    servePage(BOOT);
    expect(drawn('/login')).toBeNull();
    expect(drawn('/user')).toBeNull();
    storage.set(LANGUAGE_KEY, 'en');
    expect(drawn('/home')).toBeNull();
    storage.set(LANGUAGE_KEY, 'zh-CN');
    expect(drawn('/home')).not.toBeNull();
    storage.set(TOKEN_KEY, 'tok', SESSION_TTL_MS);
    expect(drawn('/home')).toBeNull();
    expect(drawn('/user')).toBeNull();
  });

  it('keeps the app’s storage keys and texts', async () => {
    expect(KEYS).toEqual({ token: TOKEN_KEY, userInfo: USER_INFO_KEY, language: LANGUAGE_KEY });
    for (const lang of ['zh-CN', 'en'] as const) {
      await setLanguage(lang);
      expect(TEXTS[lang]).toEqual({
        welcome: t('home.welcome'),
        guestHint: t('home.guestHint'),
        login: t('home.login'),
        register: t('home.register'),
        banners: t('home.live.banners'),
      });
    }
  });
});
