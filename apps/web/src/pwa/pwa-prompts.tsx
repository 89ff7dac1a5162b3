import { useSyncExternalStore } from 'react';
import type { createAppRouter } from '../app/router';
import { InstallOffer } from './install-offer';
import './pwa-i18n';
import './pwa.css';
import { UpdateBar } from './update-bar';

/** The installable app's prompts, in their own root beside the app (pwa-client.tsx). */
export function PwaPrompts({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const path = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  return (
    <>
      <UpdateBar />
      {path === '/home' && <InstallOffer />}
    </>
  );
}
