// The files the first screen (/home) loads, read from a build's Vite manifest and index.html: what
// the start-up budget counts (size-check.mjs) and what the service worker precaches (vite.config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const HOME_PAGE = 'src/features/home/home-page.tsx';

/** The chunk and everything it imports statically (manifest keys). */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** Files (JS and CSS) of a set of chunks. */
export function filesOf(manifest, keys) {
  const files = new Set();
  for (const k of keys) {
    const c = manifest[k];
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
  }
  return files;
}

/**
 * In the build in `dist` (its .vite/manifest.json): the entry's files (`entryFiles`), those with
 * the /home page's (`initialFiles`: the entry, its static imports and their CSS, the classic
 * scripts of index.html, the /home page's chunk were it lazy) and the manifest keys they come from.
 */
export function startupFiles(dist, manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entryKeys = staticClosure(manifest, entryKey);
  // The /home page ships in the start-up chunk (no chunk of its own); were it lazy, its chunk counts too.
  const initialKeys = manifest[HOME_PAGE] ? staticClosure(manifest, HOME_PAGE, new Set(entryKeys)) : entryKeys;
  /** Classic scripts index.html loads besides the app's modules (none today): start-up code too, should one be added. */
  const classicScripts = [...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"/g)].map(
    (m) => m[1],
  );
  return {
    initialKeys,
    entryFiles: new Set([...filesOf(manifest, entryKeys), ...classicScripts]),
    initialFiles: new Set([...filesOf(manifest, initialKeys), ...classicScripts]),
  };
}
