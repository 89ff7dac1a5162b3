import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import type { createAppRouter } from '../app/router';
import { keepInstallPrompt } from './install-prompt';
import { PwaPrompts } from './pwa-prompts';
import { usePwaState } from './pwa-state';

/** How often an open app asks whether a new version was deployed (the browser also asks on each page load). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers the service worker (src/pwa/sw.ts, built as /sw.js) and shows its prompts: the update
 * bar when a new version waits, the install offer on /home. Loaded after the page (start.ts).
 */
export function startPwaClient(router: ReturnType<typeof createAppRouter>): void {
  keepInstallPrompt();
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while this one controls the page: it waits for the player's 刷新.
  wb.addEventListener('waiting', () => usePwaState.setState({ updateReady: true }));
  void wb.register().then((registration) => {
    if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
  });

  const host = document.createElement('div');
  host.id = 'pwa-prompts';
  document.body.append(host);
  createRoot(host).render(<PwaPrompts router={router} />);
}
