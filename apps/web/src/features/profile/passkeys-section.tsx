import AddOutline from 'antd-mobile-icons/es/AddOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import type { passkeys } from '@breakshot/contracts';
import { formatInZone } from '@breakshot/contracts/time';
import { useId, useState } from 'react';
import { confirmDialog } from '../../components/ui/confirm';
import { useT } from '../../lib/i18n';
import { passkeysSupported } from '../../lib/passkeys';
import { useSiteZone } from '../../lib/time';
import { errorText, showToast } from '../../lib/toast';
import { usePasskeys, useRemovePasskey } from './api/passkeys';
import { AddPasskeySheet, RenamePasskeySheet } from './passkey-sheets';
import './passkeys-i18n';

/** One passkey: its name, when it was added and last used, rename and remove. */
function PasskeyRow({ passkey, onRename }: { passkey: passkeys.PasskeyItem; onRename: () => void }) {
  const { t } = useT();
  const zone = useSiteZone();
  const remove = useRemovePasskey();
  const date = (iso: string) => formatInZone(iso, zone);

  const onRemove = async () => {
    const ok = await confirmDialog({
      content: t('pk.removeConfirm', { name: passkey.name }),
      confirmText: t('pk.remove'),
      cancelText: t('settings.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(passkey.id);
      void showToast(t('pk.removed'), 'success');
    } catch (err) {
      void showToast(errorText(err), 'fail');
    }
  };

  return (
    <li className="set-row pk-row" data-testid="passkey-row">
      <KeyOutline />
      <span className="set-label">
        <span className="pk-name">{passkey.name}</span>
        <span className="muted small">{t('pk.added', { date: date(passkey.createdAt).slice(0, 10) })}</span>
        <span className="muted small" data-testid="passkey-used">
          {passkey.lastUsedAt ? t('pk.used', { date: date(passkey.lastUsedAt) }) : t('pk.neverUsed')}
        </span>
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('pk.rename')}
        onClick={onRename}
        data-testid="passkey-rename"
      >
        <EditSOutline />
      </button>
      <button
        type="button"
        className="icon-btn pk-remove"
        aria-label={t('pk.remove')}
        onClick={() => void onRemove()}
        disabled={remove.isPending}
        data-testid="passkey-remove"
      >
        <DeleteOutline />
      </button>
    </li>
  );
}

/** 通行密钥 of /user/setting: the player's passkeys, and adding one where the browser can. */
export function PasskeysSection() {
  const { t } = useT();
  const titleId = useId();
  const list = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<passkeys.PasskeyItem | null>(null);
  const supported = passkeysSupported();

  return (
    <section className="card set-list" aria-labelledby={titleId} data-testid="set-passkeys">
      <h2 className="set-group-title" id={titleId}>
        {t('pk.title')}
      </h2>
      <p className="muted small pk-note">{t('pk.note')}</p>
      {list.isPending && <p className="muted small pk-state">…</p>}
      {list.isError && (
        <button type="button" className="set-row pk-state" onClick={() => void list.refetch()}>
          <span className="set-label">{errorText(list.error)}</span>
          <span className="set-value">{t('common.retry')}</span>
        </button>
      )}
      {list.data?.length === 0 && (
        <p className="muted small pk-state" data-testid="passkeys-empty">
          {t('pk.empty')}
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="pk-list">
          {list.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRename={() => setRenaming(p)} />
          ))}
        </ul>
      )}
      {supported ? (
        <button type="button" className="set-row pk-add" onClick={() => setAdding(true)} data-testid="passkey-add">
          <AddOutline />
          <span className="set-label">{t('pk.add')}</span>
        </button>
      ) : (
        <p className="muted small pk-state" data-testid="passkeys-unsupported">
          {t('pk.unsupported')}
        </p>
      )}
      <AddPasskeySheet visible={adding} onClose={() => setAdding(false)} />
      <RenamePasskeySheet passkey={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}
