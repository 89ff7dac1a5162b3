import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useSetFundPassword } from '../../lib/set-fund-password';
import { FundPasswordSheet } from '../ui/fund-password-sheet';
import './i18n';

/** Whether the player has a fund password (user info; refreshed after setting it). */
export const useHasFundPassword = (): boolean | undefined => useSession((s) => s.userInfo?.hasFundPassword);

/**
 * Shown where a fund password is needed but none is set: a notice with a button that opens the
 * set-fund-password sheet (login password + 6 digits + confirmation).
 */
export function FundPasswordNotice({ onDone }: { onDone?: () => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const submit = useSetFundPassword();
  return (
    <div className="notice notice-warn" data-testid="fund-password-notice">
      <div>
        <strong>{t('wallet.withdraw.needFundPassword')}</strong>
        <p>{t('wallet.withdraw.needFundPasswordHint')}</p>
      </div>
      <button
        type="button"
        className="btn btn-gold btn-small"
        onClick={() => setOpen(true)}
        data-testid="set-fund-password"
      >
        {t('wallet.withdraw.setFundPassword')}
      </button>
      <FundPasswordSheet visible={open} onClose={() => setOpen(false)} onSubmit={submit} onDone={onDone} />
    </div>
  );
}
