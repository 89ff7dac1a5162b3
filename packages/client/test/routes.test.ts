import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, auth, operatorCalls } from '@breakshot/contracts';
import { adminCalls, playerCalls } from '@breakshot/contracts/catalog';
import * as routes from '../src/routes/index.js';

/*
 * src/routes/ is generated from the contracts: the method and path of every call, without its
 * schemas, so that start-up code sends calls without loading zod. One file per namespace of the
 * contracts and one export per call, so that a bundle keeps only the calls it sends.
 * `WRITE_ROUTES=1 npx vitest run --root packages/client test/routes.test.ts` rewrites it.
 */

const dir = new URL('../src/routes/', import.meta.url);
const HEADER =
  '// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.';

interface Entry {
  name: string;
  method: string;
  path: string;
}

/** Every call by the contracts' namespace, in name order. */
function callsByNamespace(): Map<string, Entry[]> {
  const player = playerCalls().map(({ name, contract }) => ({ name, method: contract.method, path: contract.path }));
  const operator = adminCalls()
    .filter((c) => !c.name.endsWith(' (csv)'))
    .map(({ name, call }) => ({ name, method: 'POST', path: call.path }));
  const byNamespace = new Map<string, Entry[]>();
  for (const { name, method, path } of [...player, ...operator].sort((a, b) => a.name.localeCompare(b.name))) {
    const [ns, exp] = name.split('.') as [string, string];
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), { name: exp, method, path }]);
  }
  return byNamespace;
}

const fileOf = (ns: string) => `${ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

/** The files of src/routes/, by name. */
async function render(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const index = [
    HEADER,
    '',
    "/** Where player calls live (the contracts' API_PREFIX) and operator calls (operatorCalls.ADMIN_PREFIX). */",
    `export const API_PREFIX = '${API_PREFIX}';`,
    `export const ADMIN_PREFIX = '${operatorCalls.ADMIN_PREFIX}';`,
    '',
  ];
  for (const [ns, entries] of callsByNamespace()) {
    index.push(`export * as ${ns} from './${fileOf(ns).replace(/\.ts$/, '.js')}';`);
    const lines = [
      HEADER,
      "import type * as contracts from '@breakshot/contracts';",
      "import type { Route } from '../route.js';",
      '',
    ];
    for (const { name, method, path } of entries)
      lines.push(
        `export const ${name} = { method: '${method}', path: '${path}' } as Route<typeof contracts.${ns}.${name}>;`,
      );
    files.set(fileOf(ns), lines.join('\n'));
  }
  files.set('index.ts', index.join('\n'));
  const config = await resolveConfig(new URL('index.ts', dir));
  for (const [name, text] of files)
    files.set(name, await format(text, { ...config, filepath: new URL(name, dir).pathname }));
  return files;
}

describe('the route table', () => {
  it('holds the method and path of every call as the contracts have them', async () => {
    const expected = await render();
    if (process.env.WRITE_ROUTES) {
      for (const name of readdirSync(dir)) if (!expected.has(name)) rmSync(new URL(name, dir));
      for (const [name, text] of expected) writeFileSync(new URL(name, dir), text);
    }
    expect(readdirSync(dir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(new URL(name, dir), 'utf8'), name).toBe(text);
  });

  it('names each call as the contracts do', () => {
    expect(routes.auth.userInfo).toEqual({ method: auth.userInfo.method, path: auth.userInfo.path });
    expect(routes.API_PREFIX).toBe(API_PREFIX);
  });
});
