import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchPath, matchRoutes, StaticRouterProvider } from 'react-router';
import { seedBootData, type BootData } from '../app/boot-data';
import { toRouteObjects } from '../app/router';
import { seedContentBoot } from '../features/content/boot';
import { seedHomeMatches } from '../features/home/boot';
import { seedMatchBoot } from '../features/taiqiu/boot';
import { setRenderLanguage } from '../lib/i18n';
import { moduleOf, sourceOf } from '../pages';
import { routes } from '../routes';

const routeObjects = toRouteObjects(routes);

/*
 * The server's render of a page (docs/design.md §2, "Pages rendered on the server"): the same
 * route table, components and styles as the browser's, from the public data the server puts into
 * the page (app/boot-data.ts), as a guest sees it. The browser then hydrates it (main.tsx) rather
 * than drawing it again. Built by vite.ssr.config.ts into dist-ssr/, which the server loads
 * (apps/server platform/page-render.ts).
 */

/**
 * The public routes rendered on the server as a guest sees them, which the app then hydrates, each
 * with the modules whose chunks carry its styles: the page's own (a lazy page's module; /home's is
 * start-up code, whose styles index.html links) and its lazy parts'. The server links them from the
 * build's manifest (server-rendered.test.ts checks them against the route table). `guest`: the page
 * is a guest's (/login, /register: they send a player on) or shows a guest what a player does not
 * see (the account card of /home), so it is not rendered for a browser with a session (its
 * `signed_in` cookie).
 */
export const SERVER_RENDERED: readonly { path: string; styles: readonly string[]; guest: boolean }[] = [
  { path: '/home', styles: ['src/features/home/home-live.tsx'], guest: true },
  { path: '/taiqiu/:id', styles: ['src/features/taiqiu/match-page.tsx'], guest: false },
  { path: '/login', styles: ['src/features/auth/login-page.tsx'], guest: true },
  { path: '/register', styles: ['src/features/auth/register-page.tsx'], guest: true },
  { path: '/wangjipass', styles: ['src/features/auth/wangjipass-page.tsx'], guest: true },
  { path: '/taiqiuguize', styles: ['src/features/content/taiqiuguize-page.tsx'], guest: false },
  { path: '/details/:id', styles: ['src/features/content/details-page.tsx'], guest: false },
];

/**
 * The layout's parts in chunks of their own that the server draws (lib/server-drawn-part.ts): the
 * app loads them before it hydrates a rendered page, so the server preloads them with its modules.
 */
const LAYOUT_PARTS = ['src/app/top-bar.tsx'];

/**
 * How a path is rendered on the server, or null: not at all.
 *  - `page`: a public page of SERVER_RENDERED, which the app hydrates;
 *  - `skeleton`: a player's page (every route that requires a session), drawn without the
 *    session, which lives in the browser: the layout, the title and the page's loading state, in
 *    the page's styles, for a browser with a session only (a guest is sent to /login). The app
 *    draws the player's page over it (main.tsx).
 * `styles`: the modules whose styles and scripts the page's head carries, the layout's parts after them.
 */
export function renderedRoute(
  path: string,
): { drawn: 'page' | 'skeleton'; styles: readonly string[]; guest: boolean } | null {
  const rendered = SERVER_RENDERED.find((r) => matchPath(r.path, path) !== null);
  if (rendered) return { drawn: 'page', ...rendered, styles: [...rendered.styles, ...LAYOUT_PARTS] };
  const route = routeAt(path);
  if (!route?.meta.requireAuth) return null;
  return { drawn: 'skeleton', styles: [moduleOf(sourceOf(route.id)), ...LAYOUT_PARTS], guest: false };
}

/** The route of a path, as the app's router matches it (its table's order and ranking). */
const routeAt = (path: string) => {
  const matched = matchRoutes(routeObjects, path)?.at(-1)?.route.id;
  return routes.find((r) => r.id === matched);
};

const handler = createStaticHandler(routeObjects);

/** Renders run one at a time: the language is the module's (lib/i18n.ts), set for each render. */
let queue: Promise<unknown> = Promise.resolve();

/** The markup of the page at `url` (a path rendered on the server), from its boot data. */
export function renderPage(url: string, boot: BootData): Promise<string> {
  const run = queue.then(() => render(url, boot));
  queue = run.catch(() => undefined);
  return run;
}

async function render(url: string, boot: BootData): Promise<string> {
  setRenderLanguage(boot.lang === 'en' ? 'en' : 'zh-CN');
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`no page at ${url}: ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Its own cache: nothing of one render is seen by another. Queries without data show their skeleton.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedBootData(boot, client);
  seedMatchBoot(boot, client);
  seedHomeMatches(boot, client);
  seedContentBoot(boot, client);
  const page = (
    <QueryClientProvider client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>
  );
  const html = completeMarkup(page);
  if (html !== null) return html;
  // A lazy part (the top bar, the tracker) not loaded yet: they load while `prerender` waits for
  // them, and the render after it has them in place. Its own markup is not used: it reveals what
  // waited with inline scripts, which the app's content security policy refuses.
  await (await prerender(page)).prelude.cancel();
  return renderToString(page);
}

/**
 * The page's markup when nothing in it waited: once a route's lazy parts are loaded (the first
 * render of each), one synchronous render is the whole of it. Null when a part suspended:
 * renderToString then leaves its boundary to the browser (`<!--$!-->`) or, outside one, throws.
 */
function completeMarkup(page: ReactNode): string | null {
  try {
    const html = renderToString(page);
    return html.includes(LEFT_TO_THE_BROWSER) ? null : html;
  } catch {
    return null;
  }
}

/** React's mark of a Suspense boundary the server did not finish (react-dom/server). */
const LEFT_TO_THE_BROWSER = '<!--$!-->';
