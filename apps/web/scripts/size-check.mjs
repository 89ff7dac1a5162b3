#!/usr/bin/env node
// Bundle budget: reads the Vite manifest of dist/,
// measures the gzip files the server sends and checks
//   initial JS + CSS of /home (entry + its static imports + CSS, the classic scripts of index.html,
//   plus the /home page chunk and its static imports) ≤ 128 KB gzip, and every lazy chunk (pages
//   and the chunks only they load) ≤ 25 KB gzip.
// Exits non-zero above budget (npm test). With --bench it also prints the two figures as BENCH rows
// for bench/run.mjs and exits 0 either way (the runner decides from `ok`). The build's treemap of
// the chunks is dist/.vite/stats.html.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { filesOf as filesOfChunks, startupFiles } from './startup-files.mjs';

const KB = 1024;
const INITIAL_LIMIT = 128 * KB;
const LAZY_LIMIT = 25 * KB;

const bench = process.argv.includes('--bench');

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`size-check: ${manifestPath} not found; run \`npm run build -w apps/web\` first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/**
 * Bytes a gzip client receives: the build's .gz file (the server sends it as it is); files under
 * the precompression threshold travel gzipped on the fly, measured the same way.
 */
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) {
    const path = join(dist, file);
    const content = readFileSync(path);
    if (content.length >= 1024 && !existsSync(`${path}.gz`)) {
      console.error(`size-check: ${file}.gz missing: the build must precompress (vite.config.ts)`);
      process.exit(1);
    }
    gz.set(file, existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(content, { level: 9 }).length);
  }
  return gz.get(file);
};

const filesOf = (keys) => filesOfChunks(manifest, keys);
const sum = (files) => [...files].reduce((n, f) => n + gzipSize(f), 0);
const fmt = (n) => `${(n / KB).toFixed(2)} KB`;

const { initialKeys, entryFiles, initialFiles } = startupFiles(dist, manifest);
const initial = sum(initialFiles);

const rows = [];
let failed = false;
const row = (name, size, limit) => {
  const ok = size <= limit;
  if (!ok) failed = true;
  rows.push([name, fmt(size), fmt(limit), ok ? 'ok' : 'OVER']);
};

console.log('\nInitial load of /home:');
for (const f of [...initialFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) {
  console.log(`  ${f.padEnd(58)} ${fmt(gzipSize(f)).padStart(10)}${entryFiles.has(f) ? '' : '  (home page)'}`);
}
row('initial JS + CSS of /home', initial, INITIAL_LIMIT);

// Every chunk not loaded with /home is lazy: each must stay under the lazy limit.
const lazy = Object.keys(manifest).filter((k) => !initialKeys.has(k) && manifest[k].file.endsWith('.js'));
lazy.sort((a, b) => sum(filesOf([b])) - sum(filesOf([a])));
for (const k of lazy) {
  const c = manifest[k];
  const label = `${c.isDynamicEntry ? 'page ' : 'chunk'} ${c.src ?? c.name ?? k}`;
  row(label, sum(filesOf([k])), LAZY_LIMIT);
}

const w = [Math.max(...rows.map((r) => r[0].length)), 10, 10, 4];
console.log(`\n${'what'.padEnd(w[0])}  ${'gzip'.padStart(w[1])}  ${'limit'.padStart(w[2])}  result`);
for (const r of rows) console.log(`${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padStart(w[2])}  ${r[3]}`);
console.log(failed ? '\nsize-check: FAILED (over budget)' : '\nsize-check: all within budget');
const treemap = join(dist, '.vite', 'stats.html');
if (existsSync(treemap)) console.log(`treemap of the chunks: ${treemap}`);

if (bench) {
  const kb = (n) => Math.round((n / KB) * 100) / 100;
  const benchRow = (name, size, limit) =>
    console.log(
      `BENCH ${JSON.stringify({ bench: 'web-size', case: name, figure: kb(size), unit: 'KB gzip', budget: `<= ${kb(limit)} KB`, ok: size <= limit })}`,
    );
  const [largest] = lazy;
  const largestSize = largest ? sum(filesOf([largest])) : 0;
  console.log(`largest lazy chunk: ${largest ? (manifest[largest].src ?? manifest[largest].name ?? largest) : 'none'}`);
  benchRow('initial JS + CSS of /home', initial, INITIAL_LIMIT);
  benchRow('largest lazy chunk', largestSize, LAZY_LIMIT);
}
process.exit(failed && !bench ? 1 : 0);
