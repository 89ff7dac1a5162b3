import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATHS, type RouteId } from './lib/paths';
import { moduleOf, sourceOf, type PageSource } from './pages';

/** The README's glossary of routes names every route and the page file pages.ts gives it. */

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('the glossary in apps/web/README.md', () => {
  it('has a row for each route, naming its page as the page tables do', () => {
    const pageOf = (source: PageSource) =>
      `\`${moduleOf(source)}\`${typeof source === 'string' ? '' : ` (\`${source[1]}\`)`}`;
    const rows = new Map(
      [...read('../README.md').matchAll(/^\| `(\w+)` +\|.*\| ([^|]+?) +\|$/gm)].map((m) => [m[1], m[2]]),
    );
    for (const id of Object.keys(PATHS)) {
      expect(rows.get(id), id).toBe(pageOf(sourceOf(id as RouteId)));
    }
  });
});
