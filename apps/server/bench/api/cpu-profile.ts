import { readFileSync } from 'node:fs';

/*
 * Where a process's time went, from a V8 .cpuprofile (node --cpu-prof): self time summed per
 * function and per package or source file, the largest first, as shares of the busy time (idle
 * time left out); with `--stacks <name>`, the heaviest call stacks ending in functions so named.
 * Usage: npx tsx bench/api/cpu-profile.ts <file.cpuprofile> [rows, default 25] [--stacks <name>]
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const stacksOf = args.includes('--stacks') ? args[args.indexOf('--stacks') + 1] : undefined;
const [file, rowsArg] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--stacks');
if (!file) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [rows] [--stacks <name>]');
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const perFunction = new Map<string, number>();
const perPlace = new Map<string, number>();
const perStack = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  if (!node) return;
  if (node.callFrame.functionName === '(idle)') {
    idle += ms;
    return;
  }
  total += ms;
  add(perFunction, nameOf(node), ms);
  add(perPlace, placeOf(node.callFrame.url), ms);
  if (stacksOf !== undefined && node.callFrame.functionName === stacksOf) add(perStack, stackOf(id), ms);
});

console.log(`busy ${Math.round(total)} ms, idle ${Math.round(idle)} ms`);
print('self time per function', perFunction);
print('self time per package or file', perPlace);
if (stacksOf !== undefined) print(`stacks ending in ${stacksOf}`, perStack);

function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${placeOf(url)}:${lineNumber + 1}`;
}

/** The calls leading to a sample, outermost first, cut to the last 12. */
function stackOf(id: number): string {
  const names: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) names.push(nameOf(byId.get(at)!));
  return `\n    ${names.slice(0, 12).reverse().join('\n    ')}`;
}

function add(map: Map<string, number>, key: string, ms: number) {
  map.set(key, (map.get(key) ?? 0) + ms);
}

/** A package name for node_modules, the path under apps/ for our code, else the URL as it is. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  const ours = /\/(apps\/.*|packages\/.*)$/.exec(url);
  return ours ? ours[1]! : url;
}

function print(title: string, map: Map<string, number>) {
  console.log(`\n${title} (of ${Math.round(total)} ms sampled)`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(
      `${((100 * ms) / total).toFixed(1).padStart(5)} %  ${Math.round(ms).toString().padStart(6)} ms  ${key}`,
    );
  }
}
