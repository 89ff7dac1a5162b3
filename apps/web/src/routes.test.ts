import { describe, expect, it } from 'vitest';
import { PATHS } from './lib/paths';
import { routes, START_PAGES } from './routes';

const PUBLIC = [
  '/:inviteCode?',
  '/home',
  '/login',
  '/register',
  '/wangjipass',
  '/newpass',
  '/taiqiuguize',
  '/taiqiu/:id',
  '/details/:id',
];
const TABS: Record<string, string> = {
  '/home': 'home',
  '/user/youhui': 'youhui',
  '/user/touzhulogs': 'touzhu',
  '/user/shishifanshui': 'fanshui',
  '/user': 'user',
};

describe('route table (docs/spec.md §2)', () => {
  it('holds all 98 routes of docs/spec.md, the game page and real-name verification: 61 player routes and 39 under /user/daili', () => {
    expect(routes).toHaveLength(100);
    expect(new Set(routes.map((r) => r.path)).size).toBe(100);
    expect(routes.filter((r) => r.path.startsWith('/user/daili/'))).toHaveLength(39);
    expect(routes.filter((r) => !r.path.startsWith('/user/daili/'))).toHaveLength(61);
    expect(Object.keys(PATHS)).toHaveLength(100);
  });

  it('contains the routes docs/spec.md names, with their params', () => {
    const paths = routes.map((r) => r.path);
    for (const p of [
      '/:inviteCode?',
      '/user/touzhuDetails/:gameType',
      '/user/touzhutaiqiu/:gameType',
      '/user/daili/fanshuidetails/:date',
      '/user/daili/dailiDetails/:id',
      '/user/youhuiPG',
      '/user/bdusdt',
      '/newpass',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('docs/spec.md meta: /home hides the top bar, tab home, public; /login and /register show it, public', () => {
    const by = (p: string) => routes.find((r) => r.path === p)!.meta;
    expect(by('/home')).toMatchObject({ topBar: false, tab: 'home', requireAuth: false });
    expect(by('/login')).toMatchObject({ topBar: true, requireAuth: false });
    expect(by('/register')).toMatchObject({ topBar: true, requireAuth: false });
    expect(by('/login').tab).toBeUndefined();
  });

  it('docs/screens.md improvement: every route under /user requires auth; only the listed routes are public', () => {
    for (const r of routes) {
      expect(r.meta.requireAuth, r.path).toBe(!PUBLIC.includes(r.path));
      if (r.path === '/user' || r.path.startsWith('/user/')) expect(r.meta.requireAuth, r.path).toBe(true);
    }
  });

  it('tab bar on exactly /home, /user/youhui, /user/touzhulogs, /user/shishifanshui, /user', () => {
    const withTab = Object.fromEntries(routes.filter((r) => r.meta.tab).map((r) => [r.path, r.meta.tab]));
    expect(withTab).toEqual(TABS);
  });

  it('every route has a title key, a top bar unless it has its own header, and a lazy page', () => {
    expect(routes.find((r) => r.path === '/game/:code')!.meta).toMatchObject({ topBar: false, requireAuth: true });
    for (const r of routes) {
      expect(r.meta.title).toBe(`title.${r.id}`);
      expect(typeof r.page).toBe('function');
      if (!['/home', '/user', '/:inviteCode?', '/game/:code'].includes(r.path))
        expect(r.meta.topBar, r.path).toBe(true);
    }
  });

  it('every route has its own page: the start pages and the page table cover each route once', async () => {
    const { PAGES } = await import('./pages');
    const starts = Object.keys(START_PAGES);
    const table = Object.keys(PAGES);
    expect(starts.filter((id) => table.includes(id))).toEqual([]);
    expect([...starts, ...table].sort()).toEqual(Object.keys(PATHS).sort());
  });

  it('the page files found are those the page table names, and each start page is its source', async () => {
    const { PAGE_FILES, PAGE_SOURCES, START_SOURCES, moduleOf } = await import('./pages');
    const named = new Set(Object.values(PAGE_SOURCES).map((source) => moduleOf(source)));
    expect(
      Object.keys(PAGE_FILES)
        .map((file) => `src/${file.slice(2)}`)
        .sort(),
    ).toEqual([...named].sort());
    for (const [id, source] of Object.entries(START_SOURCES)) {
      const page = await START_PAGES[id as keyof typeof START_PAGES]();
      const module = (await import(/* @vite-ignore */ `./${source}.tsx`)) as { default: unknown };
      expect(page.default, id).toBe(module.default);
    }
  });
});
