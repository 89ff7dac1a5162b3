import { useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';
import { storage } from '../lib/storage';
import { installPrompt, onInstallPrompt, spendInstallPrompt } from './install-prompt';

/** The player closed the install offer: it is not made again on this device. */
const DISMISSED_KEY = 'pwa_install_dismissed';
/** The iOS hint was shown: it is a one-time hint. */
const IOS_HINT_KEY = 'pwa_ios_hint_shown';

/** Opened from the home screen already (installed). */
const standalone = () =>
  matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/** Safari on an iPhone or iPad (iPadOS says it is a Mac with a touch screen), not another browser or an in-app view. */
export function isIosSafari(ua: string, touchPoints: number): boolean {
  const ios = /iP(hone|ad|od)/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
  return ios && /Version\/[\d.]+.*Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|MicroMessenger/.test(ua);
}

/** iOS's share icon (a square with an arrow up), as Safari draws it. */
function ShareIcon() {
  return (
    <svg className="pwa-install-share" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 3.5v11M8.5 7 12 3.5 15.5 7M8 10.5H6.5a1 1 0 0 0-1 1V20a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1v-8.5a1 1 0 0 0-1-1H16" />
    </svg>
  );
}

function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="pwa-install-close" aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}

/**
 * On /home, above the tab bar: Chromium's install offer as a discreet card (安装; closing it is
 * remembered), or on iOS Safari a one-time hint of how to add the app to the home screen.
 * Nothing once the app runs installed.
 */
export function InstallOffer() {
  const { t } = useT();
  const offer = useSyncExternalStore(onInstallPrompt, installPrompt);
  const [dismissed, setDismissed] = useState(() => standalone() || storage.get<boolean>(DISMISSED_KEY) === true);
  const [iosHint, setIosHint] = useState(
    () =>
      !standalone() &&
      !storage.get<boolean>(IOS_HINT_KEY) &&
      isIosSafari(navigator.userAgent, navigator.maxTouchPoints),
  );
  useEffect(() => {
    if (iosHint) storage.set(IOS_HINT_KEY, true);
  }, [iosHint]);

  const close = () => {
    storage.set(DISMISSED_KEY, true);
    setDismissed(true);
  };
  const install = async () => {
    if (!offer) return;
    spendInstallPrompt();
    await offer.prompt();
    if ((await offer.userChoice).outcome === 'dismissed') close();
  };

  if (offer && !dismissed) {
    return (
      <aside className="pwa-install" aria-label={t('pwa.install.title')} data-testid="pwa-install">
        <img className="pwa-install-badge" src="/icons/icon-192.png" alt="" width={40} height={40} />
        <div className="pwa-install-body">
          <div className="pwa-install-title">{t('pwa.install.title')}</div>
          <div className="pwa-install-text">{t('pwa.install.text')}</div>
        </div>
        <button type="button" className="pwa-install-go" onClick={() => void install()}>
          {t('pwa.install.go')}
        </button>
        <CloseButton label={t('pwa.install.close')} onClick={close} />
      </aside>
    );
  }
  if (!iosHint) return null;
  return (
    <aside className="pwa-install" aria-label={t('pwa.ios.title')} data-testid="pwa-ios-hint">
      <img className="pwa-install-badge" src="/icons/icon-192.png" alt="" width={40} height={40} />
      <div className="pwa-install-body">
        <div className="pwa-install-title">{t('pwa.ios.title')}</div>
        <div className="pwa-install-text">
          {t('pwa.ios.before')}
          <ShareIcon />
          {t('pwa.ios.after')}
        </div>
      </div>
      <CloseButton label={t('pwa.install.close')} onClick={() => setIosHint(false)} />
    </aside>
  );
}
