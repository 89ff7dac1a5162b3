import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { renderedModule, SERVER_RENDERED } from './entry-server';

// The server links a rendered page's styles by its module (apps/server platform/page-render.ts):
// a module that is not the route's page would leave the page unstyled until the app's code ran.
const pages = readFileSync(join(import.meta.dirname, '../pages.ts'), 'utf8');

describe('the pages rendered on the server', () => {
  it.each(SERVER_RENDERED)('$path is a route whose page is $module', ({ path, module }) => {
    const route = routes.find((r) => r.path === path);
    expect(route, `no route ${path}`).toBeDefined();
    const loader = new RegExp(`\\b${route!.id}: \\(\\) => import\\('\\./([^']+)'\\)`).exec(pages)?.[1];
    expect(`src/${loader}.tsx`).toBe(module);
  });

  it('knows a rendered path by its route, and no other', () => {
    expect(renderedModule('/taiqiu/12')).toBe('src/features/taiqiu/match-page.tsx');
    expect(renderedModule('/home')).toBeNull();
    expect(renderedModule('/user/touzhulogs')).toBeNull();
  });
});
