import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The service worker keeps its own copy of the server's areas (sw.ts NOT_APP; the worker's bundle
 * cannot import the server): a navigation into any of them must reach the server untouched, never
 * the offline page. This fails when the server gains an area the worker does not know.
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** The path prefixes of a `const NOT_APP = /^\/(a|b|c)…/` in a source file. */
function areasOf(source: string): string[] {
  const match = /const NOT_APP = \/\^\\\/\(([a-z|]+)\)/.exec(source);
  if (!match) throw new Error('no NOT_APP pattern found');
  return match[1]!.split('|');
}

describe("the service worker's list of the server's areas", () => {
  it("holds every area of the server's history fallback (apps/server platform/web-app.ts)", () => {
    const server = areasOf(read('../../../server/src/platform/web-app.ts'));
    const worker = areasOf(read('./sw.ts'));
    expect(server.length).toBeGreaterThan(3);
    expect(server.filter((area) => !worker.includes(area))).toEqual([]);
  });
});
