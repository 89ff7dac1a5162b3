import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { startupFiles } from './scripts/startup-files.mjs';

const target = process.env.API_PROXY ?? 'http://127.0.0.1:3000';
const proxy = () => ({
  '/api': target,
  '/config.json': target,
  // The built-in demo provider's game pages, opened in the game page's frame.
  '/demo-provider': target,
  '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
});

/**
 * The output bundle, captured before Vite writes the preload lists of dynamic imports, so that
 * `resolveDependencies` below can see which chunks an importer has already loaded.
 */
let outputBundle: Record<string, { imports?: string[] }> = {};
const captureBundle: Plugin = {
  name: 'breakshot:capture-bundle',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      outputBundle = bundle as unknown as typeof outputBundle;
    },
  },
};

/** Chunks a file imports statically, transitively (already loaded once it runs). */
function staticClosure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const dep of outputBundle[file]?.imports ?? []) staticClosure(dep, into);
  return into;
}

/** Text files the server sends precompressed (@fastify/static `preCompressed`) when they are worth it. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` (maximum compression) beside each compressible output file. */
const precompress: Plugin = {
  name: 'breakshot:precompress',
  apply: 'build',
  writeBundle(options) {
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== '.vite') visit(path);
          continue;
        }
        if (!COMPRESSIBLE.test(name) || statSync(path).size < COMPRESS_MIN_BYTES) continue;
        const content = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    };
    if (options.dir) visit(options.dir);
  },
};

const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|cookie|set-cookie-parser)[\\/](?!.*(infiniteQueryObserver|mutationObserver|useInfiniteQuery|useMutation)\.js$)/;
/** antd-mobile's small helpers shared by the tab bar and lazy pages: one chunk each would cost more in requests than they weigh. */
const ANTD_SHARED =
  /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/](utils[\\/](can-use-dom|with-default-props|attach-properties-to-component|use-props-value|native-props)|components[\\/]safe-area[\\/])/;
const CONTRACTS_MONEY = /[\\/]packages[\\/]contracts[\\/]src[\\/]money\.ts$/;
const CONTRACTS_PLAIN = /[\\/]packages[\\/]contracts[\\/]src[\\/](time|first-screen)\.ts$/;

/** The entry module (it stays the entry chunk) and the app's own sources. */
const MAIN = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/** The version /user/guanyu shows: the package's, and the commit built when there is one. */
export function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] });
    return `${version} (${commit.toString().trim()})`;
  } catch {
    return version;
  }
}

/**
 * Treemap of the chunks and the modules in them, with gzip sizes: what the start-up
 * budget of scripts/size-check.mjs is spent on. Written beside the build's manifest, in dist/.vite.
 */
const treemap = visualizer({
  filename: fileURLToPath(new URL('./dist/.vite/stats.html', import.meta.url)),
  template: 'treemap',
  title: 'Breakshot player app: chunks',
  gzipSize: true,
});

/** The app's colours (src/app/theme.css --bs-bg): the installed app's splash and status bar. */
const NAVY = '#0a1228';

/**
 * The installable app (docs/design.md §2): the web app manifest and our own service worker
 * (src/pwa/sw.ts), given the precache list at build time. Precached: the first screen's files
 * (the entry, its static imports, their CSS, the first paint: scripts/startup-files.mjs), the
 * offline page, the badge and the icons; lazy pages load from the network as they are opened
 * (fingerprinted, the HTTP cache keeps them). index.html is never precached: pages go to the network.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/pwa',
  filename: 'sw.ts',
  // src/pwa/start.ts registers it after the page has loaded, with workbox-window loaded lazily.
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Breakshot 台球',
    short_name: 'Breakshot',
    description: '台球赛事投注与娱乐',
    lang: 'zh-CN',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: NAVY,
    background_color: NAVY,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are fetched by the browser when it installs, not by the first screen.
  includeManifestIcons: false,
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['assets/*.{js,css}', 'offline.{html,js}', 'favicon.svg'],
    manifestTransforms: [
      (entries) => {
        const dist = fileURLToPath(new URL('./dist', import.meta.url));
        const { initialFiles } = startupFiles(dist);
        const manifest = entries.filter((e) => !e.url.startsWith('assets/') || initialFiles.has(e.url));
        return { manifest, warnings: [] };
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), captureBundle, precompress, treemap, pwa],
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    manifest: true,
    // Preload lists of dynamic imports: a page's imports load beside it, not after it. Chunks the
    // importer already loaded statically are left out. The per-route lists of the page table cost
    // kilobytes, so it stays out of the start-up code (src/pages.ts).
    modulePreload: {
      // Every browser of the target supports <link rel=modulepreload> but Safari 16, which then
      // only loads a page's imports a moment later: not worth the polyfill's bytes at start-up.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId }) => {
        const loaded = staticClosure(hostId);
        return deps.filter((d) => !loaded.has(d));
      },
    },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // zod and the contracts load only with the pages that validate forms; kept apart so each
        // lazy chunk stays under the 25 KB budget (scripts/size-check.mjs).
        codeSplitting: {
          groups: [
            // One start-up vendor chunk compresses better than many small ones.
            {
              name: 'vendor',
              // Query-core parts that only lazy pages use (infinite lists, mutations) stay out of it.
              // The contracts' money module (no zod) is start-up code too: amounts show on /home.
              test: (id) => VENDOR.test(id) || CONTRACTS_MONEY.test(id) || ANTD_SHARED.test(id),
              priority: 10,
            },
            // The app's own modules the first screen runs (those main.tsx imports statically, the
            // /home page among them): one chunk, so the first load fetches a few files rather than
            // ~20 tiny shared ones, each a request on the critical path of a slow phone network.
            { name: 'start', tags: ['$initial'], test: (id) => APP_SOURCE.test(id) && !MAIN.test(id), priority: 9 },
            { name: 'zod-core', test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/, priority: 5 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The contracts' modules without zod that pages of the first screen import (times, the
            // home list's size): apart from the schemas, whose chunk builds every one when it loads.
            { name: 'contracts-plain', test: CONTRACTS_PLAIN, priority: 6 },
            { name: 'contracts', test: /[\\/]packages[\\/]contracts[\\/]/ },
          ],
        },
      },
    },
  },
  // Dev and preview talk to a running server (npm start: port 3000; override with API_PROXY).
  server: { proxy: proxy() },
  preview: { port: 4173, proxy: proxy() },
});
