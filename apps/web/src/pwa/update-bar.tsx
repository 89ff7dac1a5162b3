import { useState } from 'react';
import { useT } from '../lib/i18n';
import { usePwaState } from './pwa-state';

/**
 * 刷新: the waiting version takes over (SKIP_WAITING, sw.ts) and the page loads once more, from
 * it. Should another tab have let it take over already, a reload is all there is to do.
 */
async function applyUpdate(): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** 新版本可用 · 刷新: a new version was deployed and waits (pwa-client.tsx). At the top, clear of the tab bar. */
export function UpdateBar() {
  const { t } = useT();
  const ready = usePwaState((s) => s.updateReady);
  const [busy, setBusy] = useState(false);
  if (!ready) return null;
  return (
    <div className="pwa-update" role="status" data-testid="pwa-update">
      <span className="pwa-update-text">{t('pwa.update.ready')}</span>
      <span className="pwa-update-sep" aria-hidden="true">
        ·
      </span>
      <button
        type="button"
        className="pwa-update-go"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void applyUpdate();
        }}
      >
        {t('pwa.update.reload')}
      </button>
    </div>
  );
}
