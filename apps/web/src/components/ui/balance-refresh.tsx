import { useState } from 'react';
import { useSession } from '../../lib/session';
import { Icon } from './icons';

/** Refreshes user info (balance); spins while loading. */
export function BalanceRefresh({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await useSession.getState().loadUserInfo();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="icon-btn" aria-label={label} onClick={() => void refresh()} disabled={busy}>
      <Icon name="refresh" className={busy ? 'spin' : undefined} />
    </button>
  );
}
