import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '@breakshot/contracts';
import { loadPageRenderer, type RenderedPage } from './page-render.js';

/*
 * The player app's index.html as an app route gets it (for page speed). On a slow phone
 * network every request the app makes after its code has run costs round trips before the first
 * screen shows, so the page carries what that screen needs:
 *  - the public data it shows (src/first-screen.ts: site config; on /home the banners, notices and
 *    matches; on a match's page the match and its tracker), as JSON in a non-executable
 *    <script type="application/json" id="boot-data"> the app seeds its queries from
 *    (apps/web/src/app/boot-data.ts and the pages' own boot.ts);
 *  - on the pages React renders on the server (page-render.ts), the page itself from that data, with
 *    its styles, marked with the language it was rendered in for the app to hydrate; a guest's page
 *    where a player sees another (/home) only for a browser without a session (`signed_in` cookie);
 *  - on a player's page, for a browser with a session, its skeleton (the layout, the title, the
 *    page's loading state), marked `data-skeleton`: the app draws the player's page over it.
 */

/** The app's language as it keeps it (apps/web lib/i18n.ts mirrors it into this cookie). */
const LANG_COOKIE = /(?:^|;\s*)lang=([^;]*)/;

function appLang(req: FastifyRequest): Lang {
  return LANG_COOKIE.exec(req.headers.cookie ?? '')?.[1] === 'en' ? 'en' : 'zh-CN';
}

/** Whether the browser holds a session (apps/web lib/session-token.ts mirrors it into this cookie: a hint, not the token). */
const signedIn = (req: FastifyRequest) => /(?:^|;\s*)signed_in=1(?:;|$)/.test(req.headers.cookie ?? '');

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The public data of the first screen at a path, in a language (src/first-screen.ts). */
export type FirstScreenData = (path: string, lang: Lang) => Promise<object>;

export interface AppShell {
  /** The index.html of the app route the request asks for. */
  html(req: FastifyRequest): Promise<string>;
}

/**
 * The app's page from the build in `webDist`, read again when a new build replaces it, with the
 * first screen's data when `firstScreen` gives it (the app's API is this server).
 */
export function loadAppShell(webDist: string, firstScreen: FirstScreenData | undefined): AppShell {
  const builtAt = () => statSync(join(webDist, 'index.html')).mtimeMs;
  const read = () => {
    // The server's build of the app (5 MB) is imported by the first page asked for, not at start:
    // an instance that serves only the API, or restarts often, never pays for it.
    let renderer: ReturnType<typeof loadPageRenderer> | undefined;
    return {
      at: builtAt(),
      template: readFileSync(join(webDist, 'index.html'), 'utf8'),
      renderer: () => (renderer ??= loadPageRenderer(webDist)),
    };
  };
  let built = read();
  const currentBuild = () => {
    if (builtAt() !== built.at) built = read();
    return built;
  };

  return {
    async html(req) {
      const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '');
      const { template, renderer } = currentBuild();
      const lang = appLang(req);
      const data = firstScreen ? { lang, ...(await firstScreen(path, lang)) } : null;
      if (!data) return template;
      const rendering = renderer().then((r) => r?.render(path, signedIn(req), data) ?? null);
      const page = await rendering.catch((err: unknown) => {
        req.log.error({ err, path }, 'page not rendered on the server: the app draws it');
        return null;
      });
      const head = `<script type="application/json" id="boot-data">${scriptJson(data)}</script>${page?.head ?? ''}`;
      const withData = template.replace('</head>', `${head}</head>`);
      if (!page) return withData;
      return withData.replace(EMPTY_ROOT, rootOf(page, lang));
    },
  };
}

/**
 * #root with the server's render: a page the app hydrates marked with its language; a skeleton
 * marked `data-skeleton` and wrapped in an inert frame (theme.css `.skeleton-frame`: no box of its
 * own), so that a tap or a screen reader finds nothing there to act on: the app replaces the whole
 * of it, frame and all, when it draws the player's page.
 */
function rootOf(page: RenderedPage, lang: Lang): string {
  if (page.drawn === 'page') return `<div id="root" data-rendered="${lang}">${page.html}</div>`;
  return `<div id="root" data-skeleton><div class="skeleton-frame" inert>${page.html}</div></div>`;
}

/** The app's mount point in index.html, empty until the app or the server's render fills it. */
const EMPTY_ROOT = '<div id="root"></div>';
