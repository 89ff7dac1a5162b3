/// <reference lib="webworker" />
// The player app's service worker (docs/design.md §2, installable app), built by vite-plugin-pwa
// (vite.config.ts) into /sw.js. It keeps three things and nothing more:
//  - the precache: the first screen's fingerprinted files, the offline page, the badge, revisioned
//    by each build (a new build replaces what changed, the old caches are deleted);
//  - pages from the network, always: the server writes each page with its first screen's data
//    (apps/server platform/app-shell.ts), so no page is ever answered from a cache; only when the
//    network fails does the offline page answer instead;
//  - nothing else: the API, the live socket, /config.json, uploads, the feed, the operator console
//    (/admin/, a separate app on this origin) pass through untouched and are never cached.
// It also shows web push's notifications and opens their pages (push-handler.ts).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { addPushHandlers } from './push-handler';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Shown when a page cannot be fetched (public/offline.html): it retries by itself. */
const OFFLINE_PAGE = '/offline.html';

/** The server's own areas (apps/server platform/web-app.ts NOT_APP), never the app's pages. */
const NOT_APP = /^\/(api|ws|pay|provider|feed|admin|assets)(\/|$)/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes the open pages at once (their files are the ones it precached); a later
// version waits until the player chooses 刷新 (src/pwa/update-bar.tsx), which sends SKIP_WAITING.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** A navigation to one of the app's pages: a path of this origin outside the server's areas, not a file. */
function isAppPage(request: Request): boolean {
  if (request.mode !== 'navigate') return false;
  const url = new URL(request.url);
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return url.origin === self.location.origin && !NOT_APP.test(url.pathname) && !last.includes('.');
}

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  if (isAppPage(event.request)) event.respondWith(pageOrOffline(event.request));
});

addPushHandlers(self, { icon: '/icons/icon-192.png' });
