import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import { useState } from 'react';
import { useBrowserValue } from '../../lib/browser-value';
import { useT } from '../../lib/i18n';
import { passkeyLogin, passkeysSupported } from '../../lib/passkeys';
import { errorText } from '../../lib/toast';
import './i18n';

/**
 * 使用通行密钥登录: the device offers the site's passkeys (no username, password or captcha); a
 * browser without WebAuthn shows nothing. `onToken` gets the new session; `onError` the text.
 */
export function PasskeyLogin({
  onToken,
  onError,
}: {
  onToken: (token: string) => Promise<void>;
  onError: (text: string) => void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  // The server's page offers it (browsers without WebAuthn are few): hydration finds it there.
  const supported = useBrowserValue(passkeysSupported, true);
  if (!supported) return null;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onToken(await passkeyLogin());
    } catch (err) {
      onError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="auth-or" aria-hidden="true">
        {t('auth.or')}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-block auth-passkey"
        onClick={() => void start()}
        disabled={busy}
        data-testid="login-passkey"
      >
        <KeyOutline fontSize={18} />
        {busy ? t('auth.passkeyBusy') : t('auth.passkey')}
      </button>
    </>
  );
}
