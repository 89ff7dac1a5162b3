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
  renderedRoute(path: string): { drawn: 'page' | 'skeleton'; styles: readonly string[]; guest: boolean } | null;
  renderPage(url: string, boot: object): Promise<string>;
}

/** A chunk of the app's build manifest (Vite's .vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export interface RenderedPage {
  /** The page's markup, for #root. */
  html: string;
  /**
   * page: a guest's page, which the app hydrates; skeleton: a player's page drawn without the
   * session (its layout, title and loading state), which the app draws over.
   */
  drawn: 'page' | 'skeleton';
  /** The page's styles (a <style> element) and its scripts' preloads, for <head>. */
  head: string;
}

export interface PageRenderer {
  /**
   * The page at `path` rendered from its boot data, or null when it is not one of the pages
   * rendered on the server for this browser: with a session or without (a guest's page where a
   * player sees another, /home, is not rendered for a player; a player's skeleton not for a guest,
   * whom the app sends to /login).
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
  const heads = new Map<string, string>();
  const headOfRoute = (modules: readonly string[]) => {
    const key = modules.join('\n');
    let head = heads.get(key);
    if (head === undefined) {
      head = headOf(manifest, modules, (file) => readFileSync(join(webDist, file), 'utf8'));
      heads.set(key, head);
    }
    return head;
  };
  return {
    async render(path, signedIn, boot) {
      const route = entry.renderedRoute(path);
      if (route === null || (route.guest && signedIn) || (route.drawn === 'skeleton' && !signedIn)) return null;
      return { html: await entry.renderPage(path, boot), drawn: route.drawn, head: headOfRoute(route.styles) };
    },
  };
}

/**
 * The page's head: its styles (its modules', their imports', and those of the parts they load
 * lazily, which the server renders too) and its scripts as module preloads. The styles the app's
 * own page links already (its entry's, index.html) are left out; the others are inlined in one
 * <style>, in the order the app would load them, so the first paint waits for no stylesheet of
 * its own (each was a request that blocked it: 18 for /home). Each inlined file is also named by a
 * disabled <link>, which the browser does not fetch: the app's loader of lazy parts skips a
 * stylesheet a <link> names, so it does not load them again once it runs.
 */
function headOf(manifest: Record<string, ManifestChunk>, modules: readonly string[], cssOf: (file: string) => string) {
  const linked = new Set<string>();
  const css = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string, lazy: boolean, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) into.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, lazy, into);
    if (!lazy) for (const part of chunk.dynamicImports ?? []) visit(part, true, into);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  // The entry's chunks are index.html's own scripts and styles: visited first, so not preloaded again.
  for (const key of entries) visit(key, true, linked);
  const ownScripts = scripts.size;
  for (const module of modules) visit(module, false, css);
  const inlined = [...css].filter((file) => !linked.has(file));
  return [
    `<style>${inlined.map((file) => styleText(file, cssOf(file))).join('\n')}</style>`,
    ...inlined.map((file) => `<link rel="stylesheet" disabled href="/${file}">`),
    ...[...scripts].slice(ownScripts).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/** A built stylesheet's text for a <style> element (which ends at the first `</style`). */
function styleText(file: string, text: string): string {
  if (/<\/style/i.test(text)) throw new Error(`${file} cannot be inlined: it holds "</style"`);
  return text;
}
