import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATHS } from './lib/paths';

/** The README's glossary of routes names every route and the page file routes.ts or pages.ts gives it. */

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('the glossary in apps/web/README.md', () => {
  it('has a row for each route, naming its page as the page tables do', () => {
    const tables = read('./routes.ts') + read('./pages.ts');
    const pages = new Map(
      [
        ...tables.matchAll(
          /^ {2}(\w+): \(\) => import\('\.\/([^']+)'\)(?:\.then\(\(m\) => \(\{ default: m\.(\w+) \}\)\))?,$/gm,
        ),
      ].map((m) => [m[1], `\`src/${m[2]}.tsx\`${m[3] ? ` (\`${m[3]}\`)` : ''}`]),
    );
    // A page of the start-up chunk: imported statically by routes.ts, `id: () => Promise.resolve({ default: Page })`.
    const imports = new Map([...tables.matchAll(/^import (\w+) from '\.\/([^']+)';$/gm)].map((m) => [m[1], m[2]]));
    for (const m of tables.matchAll(/^ {2}(\w+): \(\) => Promise\.resolve\(\{ default: (\w+) \}\),$/gm)) {
      pages.set(m[1]!, `\`src/${imports.get(m[2]!)}.tsx\``);
    }
    const rows = new Map(
      [...read('../README.md').matchAll(/^\| `(\w+)` +\|.*\| ([^|]+?) +\|$/gm)].map((m) => [m[1], m[2]]),
    );
    for (const id of Object.keys(PATHS)) {
      const page = pages.get(id);
      expect(rows.get(id), id).toBe(page ?? 'not available yet');
    }
  });
});
