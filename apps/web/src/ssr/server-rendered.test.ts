import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleOf, PAGE_SOURCES, sourceOf } from '../pages';
import { routes } from '../routes';
import { renderedRoute, SERVER_RENDERED } from './entry-server';

// The server links a rendered page's styles by the modules named (apps/server platform/page-render.ts):
// a lazy page whose own module is not among them would show unstyled until the app's code ran.
const source = (module: string) => join(import.meta.dirname, '../..', module);

describe('the pages rendered on the server', () => {
  it.each(SERVER_RENDERED)('$path is a route; its styles are those of its page', ({ path, styles }) => {
    const route = routes.find((r) => r.path === path);
    expect(route, `no route ${path}`).toBeDefined();
    for (const module of styles) expect(() => readFileSync(source(module)), module).not.toThrow();
    // A lazy page (pages.ts) is among them; a start page's styles are the start-up's.
    if (route!.id in PAGE_SOURCES) expect(styles).toContain(moduleOf(sourceOf(route!.id)));
  });

  it('knows a rendered path by its route: a public page as itself, a player’s as its skeleton', () => {
    expect(renderedRoute('/taiqiu/12')).toEqual({
      drawn: 'page',
      path: '/taiqiu/:id',
      styles: ['src/features/taiqiu/match-page.tsx', 'src/app/top-bar.tsx'],
      guest: false,
    });
    expect(renderedRoute('/home')?.drawn).toBe('page');
    expect(renderedRoute('/user/touzhulogs')).toEqual({
      drawn: 'skeleton',
      styles: ['src/features/bets/touzhulogs-page.tsx', 'src/app/top-bar.tsx'],
      guest: false,
    });
    expect(renderedRoute('/user')?.styles[0]).toBe('src/features/user/user-page.tsx');
    expect(renderedRoute('/user/bdusdt')?.styles[0]).toBe('src/features/accounts/account-pages.tsx');
    // The invite link's redirect (a public route drawn by nobody) and an unknown path are not rendered.
    expect(renderedRoute('/AB12CD')).toBeNull();
    expect(renderedRoute('/no/such/page')).toBeNull();
  });

  it('draws every player’s route as a skeleton, from its page’s own module', () => {
    for (const route of routes.filter((r) => r.meta.requireAuth)) {
      const path = route.path.replace(/:(\w+)\??/g, '1');
      const rendered = renderedRoute(path);
      expect(rendered?.drawn, path).toBe('skeleton');
      expect(() => readFileSync(source(rendered!.styles[0]!)), path).not.toThrow();
    }
  });
});
