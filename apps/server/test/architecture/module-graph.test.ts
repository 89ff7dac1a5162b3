import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverLayers } from '../../module-layers.js';

/*
 * The server's modules as a graph: an edge from one module to another for every import of any
 * of its files into the other's folder. Lint keeps imports within a layer or downward
 * (eslint.config.js); this keeps the whole graph free of cycles, so each module can be read,
 * tested and changed standing on the ones below it (docs/architecture.md, "Layers").
 */

type Graph = Map<string, Set<string>>;

const modulesDir = fileURLToPath(new URL('../../src/modules/', import.meta.url));
const relativeImport = /(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gs;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The module a path inside src/modules belongs to, or null outside it. */
function moduleOf(path: string): string | null {
  const inside = relative(modulesDir, path);
  return inside.startsWith('..') ? null : (inside.split('/')[0] ?? null);
}

function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of filesUnder(modulesDir)) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const to = moduleOf(resolve(dirname(file), target!));
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle of the graph as the modules along it (first and last the same), or null when none. */
function findCycle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the module graph', () => {
  const graph = moduleGraph();

  it('has every module in exactly one layer', () => {
    const layered = serverLayers.flat();
    expect(new Set(layered).size).toBe(layered.length);
    expect([...graph.keys()].sort()).toEqual([...layered].sort());
  });

  it('has no cycle', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('would show a cycle added to it, such as auth importing agents again', () => {
    const withCycle: Graph = new Map([...graph].map(([m, edges]) => [m, new Set(edges)]));
    withCycle.get('auth')!.add('agents');
    const cycle = findCycle(withCycle);
    expect(cycle?.[0]).toBe(cycle?.at(-1));
    expect(cycle).toEqual(expect.arrayContaining(['auth', 'agents']));
  });

  it('reads edges from every file of a module, routes and internal files too', () => {
    // agents' registration (registration.ts) and its routes use auth.
    expect(graph.get('agents')).toContain('auth');
    expect(graph.get('auth')).not.toContain('agents');
  });
});

describe('docs/architecture.md', () => {
  it('lists the modules of each layer as module-layers.js has them', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url)), 'utf8');
    const listed = ['### Core', '### Domain', '### Derived'].map((heading) => {
      const section = doc.slice(doc.indexOf(heading)).split('\n### ')[0]!;
      return [...section.matchAll(/^- `([a-z-]+)`:/gm)].map((m) => m[1]);
    });
    expect(listed).toEqual(serverLayers);
  });
});
