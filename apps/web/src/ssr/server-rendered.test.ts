import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { renderedRoute, SERVER_RENDERED } from './entry-server';

// The server links a rendered page's styles by the modules named (apps/server platform/page-render.ts):
// a lazy page whose own module is not among them would show unstyled until the app's code ran.
const pages = readFileSync(join(import.meta.dirname, '../pages.ts'), 'utf8');
const source = (module: string) => join(import.meta.dirname, '../..', module);

describe('the pages rendered on the server', () => {
  it.each(SERVER_RENDERED)('$path is a route; its styles are those of its page', ({ path, styles }) => {
    const route = routes.find((r) => r.path === path);
    expect(route, `no route ${path}`).toBeDefined();
    for (const module of styles) expect(() => readFileSync(source(module)), module).not.toThrow();
    const loader = new RegExp(`\\b${route!.id}: \\(\\) => import\\('\\./([^']+)'\\)`).exec(pages)?.[1];
    // A lazy page (pages.ts) is among them; a start page's styles are the start-up's.
    if (loader) expect(styles).toContain(`src/${loader}.tsx`);
  });

  it('knows a rendered path by its route, and no other', () => {
    expect(renderedRoute('/taiqiu/12')?.styles).toEqual(['src/features/taiqiu/match-page.tsx', 'src/app/top-bar.tsx']);
    expect(renderedRoute('/home')).not.toBeNull();
    expect(renderedRoute('/user/touzhulogs')).toBeNull();
  });
});
