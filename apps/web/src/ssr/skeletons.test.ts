import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';
import { SYS } from '../test/fake-api';
import { renderedRoute, renderPage } from './entry-server';

// Every player's page as the server draws its skeleton (entry-server.tsx), where the browser's
// globals are not (Node): a page that reads one while rendering fails there, and its part is left
// to the browser (React's `<!--$!-->`) with an error in the server's log.
const CONTACT = { email: '', phone: '', telegram: '', wechat: '', qq: '' };
const SERVER_ABSENT = ['window', 'navigator', 'localStorage', 'sessionStorage', 'matchMedia'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the skeletons of the players’ pages', () => {
  const paths = routes.filter((r) => r.meta.requireAuth).map((r) => r.path.replace(/:(\w+)\??/g, '1'));

  it.each(paths)('%s renders whole without the browser, and without a player', async (path) => {
    expect(renderedRoute(path)?.drawn).toBe('skeleton');
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    for (const name of SERVER_ABSENT) vi.stubGlobal(name, undefined);
    const html = await renderPage(path, { lang: 'zh-CN', sys: { ...SYS, contact: CONTACT } });
    vi.unstubAllGlobals();
    expect(errors).toEqual([]);
    expect(html).not.toContain('<!--$!-->');
    // The layout is there, and no error or "nothing here" state stands in for what is loading.
    expect(html).toContain('app-shell');
    expect(html).not.toContain('加载失败');
  });
});
