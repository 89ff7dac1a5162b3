import type { createAppRouter } from '../app/router';
import { holdInstallPrompt } from './early-install-prompt';

/**
 * The installable app's part of start-up (docs/design.md §2), kept to a few bytes and off the first
 * screen's path: Chromium's install offer is kept from now on (the app makes it itself,
 * install-offer.tsx), and a moment after the page has loaded the rest loads (pwa-client.tsx:
 * workbox-window, the service worker's registration, the update bar, the install offer). Only the
 * built app has a service worker (none under `vite` or in unit tests).
 */
export function startPwa(router: ReturnType<typeof createAppRouter>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  holdInstallPrompt();
  const later = () => setTimeout(() => void import('./pwa-client').then((m) => m.startPwaClient(router)), 500);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later);
}
