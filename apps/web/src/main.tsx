import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd-mobile/es/global';
import './app/theme.css';
import { seedBootData } from './app/boot-data';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { setNavigate } from './lib/navigation';
import { loadStartPage } from './routes';
import { resyncAfterReconnect } from './lib/live-resync';
import { live, useSession } from './lib/session';
import { currentLanguage } from './lib/i18n';
import { startPwa } from './pwa/start';
import { serverDrawnPartsLoaded } from './lib/server-drawn-part';

// docs/stack.md pitfall 2: antd-mobile's Toast/Dialog need unstableSetRender on React 19: lib/toast and
// components/ui/confirm (their only callers) set it up before their first use, off the first load.

// The page of the address starts loading at once, while /config.json (preloaded by index.html)
// arrives; the app renders once both are there. Asking for the page's files and setting up the
// router each take a task of their own: with the modules' evaluation they would make one long
// task, keeping the phone from responding.
const configLoaded = loadRuntimeConfig();
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
if (loadStartPage(location.pathname)) await nextTask();
const router = createAppRouter();
setNavigate((path) => void router.navigate(path, { replace: true }));
await configLoaded;
// The first screen's data the page carries: its first render shows it, no call waited for.
seedBootData();
// The first render is the route's page, not a skeleton in place of what the server drew.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const root = document.getElementById('root')!;
const hydrating = rendersAsServer(root);
// The server's page is taken over as it is, its parts in chunks of their own included
// (lib/server-drawn-part.ts): their code comes first, and live news only after (news applied
// before hydration would make the page differ from the server's markup).
if (hydrating) await serverDrawnPartsLoaded();

// docs/spec.md §4: the live connection starts at app load (user info loads on the first navigation): the
// player's when logged in, else the public channel, so guests get match scores and notices too. Login
// switches it to the player's; after a logout or an expired session it is a guest's again (session.ts).
// Opened again after a failure, it reads the user's data afresh: what it missed is not told again.
resyncAfterReconnect();
live.connect();

const app = (
  <Providers>
    <RouterProvider router={router} />
  </Providers>
);
// A transition: React renders the first screen in slices, leaving the main thread free between
// them (the server's drawing, a guest's page or a player's skeleton, is on screen meanwhile), and
// commits it at once.
startTransition(() => {
  // The server rendered this page (src/ssr) as this browser would: taken over, not drawn again.
  if (hydrating) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
/**
 * Whether the server's render of the page (a guest's, in its language) is what this browser's
 * first render draws: else the app draws the page afresh over it (a player's page differs).
 */
function rendersAsServer(root: HTMLElement): boolean {
  return root.dataset.rendered === currentLanguage() && useSession.getState().token === null;
}

// The installable app: its service worker and prompts load once the page has (src/pwa/start.ts).
startPwa(router);
