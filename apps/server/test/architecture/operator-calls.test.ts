import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@breakshot/contracts';

/*
 * One operator-call convention (docs/architecture.md, server modules): a module's operator routes
 * are in its admin-routes.ts, their contracts in packages/contracts/src/<area>-admin.ts exported
 * as the namespace <area>Admin, and modules/admin registers only the calls that span modules.
 */

const contractsDir = fileURLToPath(new URL('../../../../packages/contracts/src/', import.meta.url));
const modulesDir = fileURLToPath(new URL('../../src/modules/', import.meta.url));
const serverSrc = fileURLToPath(new URL('../../src/', import.meta.url));

/** Where a module registers calls of a namespace not named after it. */
const AREA_OF_MODULE: Record<string, string> = {
  admin: 'players',
  'agents/settlement': 'agent-settlements',
};

const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The file of each namespace the contracts export (`export * as ns from './file.js'`). */
function namespaceFiles(): Map<string, string> {
  const index = readFileSync(join(contractsDir, 'index.ts'), 'utf8');
  return new Map([...index.matchAll(/^export \* as (\w+) from '\.\/([\w-]+)\.js';$/gm)].map((m) => [m[1]!, m[2]!]));
}

const isOperatorCall = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { path?: unknown }).path === 'string' &&
  Array.isArray((v as { roles?: unknown }).roles);

/** Each module's (or submodule's) operator routes: the namespaces of the contracts it registers. */
function registeredNamespaces(): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  for (const file of filesUnder(modulesDir).filter((f) => basename(f) === 'admin-routes.ts')) {
    const module = relative(modulesDir, file).replace(/\/admin-routes\.ts$/, '');
    const text = readFileSync(file, 'utf8');
    const used = [...text.matchAll(/\b(?:public)?[aA]dminRoute\(\s*app,\s*(\w+)\./g)].map((m) => m[1]!);
    byModule.set(module, new Set(used));
  }
  return byModule;
}

describe('the operator-call convention', () => {
  it('every operator call of the contracts is in an <area>-admin.ts exported as <area>Admin', () => {
    const files = namespaceFiles();
    const misplaced: string[] = [];
    for (const [ns, mod] of Object.entries(contracts)) {
      if (typeof mod !== 'object' || mod === null) continue;
      const calls = Object.entries(mod as Record<string, unknown>).filter(([, v]) => isOperatorCall(v));
      if (calls.length === 0) continue;
      const file = files.get(ns) ?? '?';
      if (!file.endsWith('-admin') || camel(file) !== ns) misplaced.push(`${ns} (${file}.ts): ${calls[0]![0]}…`);
    }
    expect(misplaced).toEqual([]);
  });

  it('operator calls are defined only in *-admin.ts contract files', () => {
    const defining = readdirSync(contractsDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('-admin.ts') && f !== 'operator-calls.ts')
      .filter((f) => /\bdefineAdminCall\(|\bsatisfies AdminCall\b/.test(readFileSync(join(contractsDir, f), 'utf8')));
    expect(defining).toEqual([]);
  });

  it('the server registers operator routes only in admin-routes.ts', () => {
    const outside = filesUnder(serverSrc)
      .filter((f) => basename(f) !== 'admin-routes.ts')
      .filter((f) => /\b(?:public)?[aA]dminRoute\(\s*app\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(serverSrc, f));
    expect(outside).toEqual([]);
  });

  it('each module registers the calls of its own <area>Admin, modules/admin only the spanning ones', () => {
    const registered = registeredNamespaces();
    expect(registered.get('admin')).toEqual(new Set(['playersAdmin']));
    const foreign = [...registered].flatMap(([module, namespaces]) => {
      const own = `${camel(AREA_OF_MODULE[module] ?? module)}Admin`;
      return [...namespaces].filter((ns) => ns !== own).map((ns) => `${module} registers ${ns}`);
    });
    expect(foreign).toEqual([]);
  });
});
