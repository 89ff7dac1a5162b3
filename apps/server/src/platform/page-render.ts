import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The player app's pages the server renders with React (apps/web/src/ssr, docs/design.md §2, "Pages rendered on the server"): its
 * server build (apps/web/dist-ssr, beside the app's dist) gives the markup, and the app's build
 * manifest the styles and scripts of the page, so that the page shows styled before the app's code
 * has run, and the app hydrates it without fetching them late.
 */

/** What apps/web/src/ssr/entry-server.tsx exports. */
interface ServerEntry {
  renderedRoute(path: string): { styles: readonly string[]; guest: boolean } | null;
  renderPage(url: string, boot: object): Promise<string>;
}

/** A chunk of the app's build manifest (Vite's .vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export interface RenderedPage {
  /** The page's markup, for #root. */
  html: string;
  /** <link> elements of the page's styles and scripts, for <head>. */
  head: string;
}

export interface PageRenderer {
  /**
   * The page at `path` rendered from its boot data, or null when it is not one of the pages
   * rendered on the server for this browser: with a session or without (a guest's page where a
   * player sees another, /home, is not rendered for a player).
   */
  render(path: string, signedIn: boolean, boot: object): Promise<RenderedPage | null>;
}

/** The renderer of the app built into `webDist`, or null when its server build is not there. */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const entryFile = join(webDist, '..', 'dist-ssr', 'entry-server.js');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  // Imported afresh when a new build replaces it (app-shell.ts reloads on a new index.html).
  const entry = (await import(`${pathToFileURL(entryFile).href}?built=${statSync(entryFile).mtimeMs}`)) as ServerEntry;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  return {
    async render(path, signedIn, boot) {
      const route = entry.renderedRoute(path);
      if (route === null || (route.guest && signedIn)) return null;
      return { html: await entry.renderPage(path, boot), head: headOf(manifest, route.styles) };
    },
  };
}

/**
 * The page's styles (its modules', their imports', and those of the parts they load lazily, which
 * the server renders too) and its scripts as module preloads.
 */
function headOf(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string, lazy: boolean) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, lazy);
    if (!lazy) for (const part of chunk.dynamicImports ?? []) visit(part, true);
  };
  for (const module of modules) visit(module, false);
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
