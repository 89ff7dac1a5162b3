import type { withdrawals } from '@breakshot/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordList } from '../../components/ui/record-list';
import { FundPasswordNotice, useHasFundPassword } from '../../components/wallet/fund-password-gate';
import { TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { errorText, showToast } from '../../lib/toast';
import { walletKeys } from '../../lib/wallet-keys';
import { describeAccount, useWithdrawAccounts, withdrawAccountsQuery } from '../../lib/withdraw-accounts';
import { AccountForm } from './account-form';
import { ACCOUNT_TYPES, usdtEditConfig } from './account-types';
import { useChangeUsdt } from './api/change-usdt';
import { useDeleteAccount } from './api/delete-account';
import { useSetWithdrawType } from './api/set-withdraw-type';
import { FundPasswordPrompt } from './fund-password-prompt';
import './i18n';

type UsdtAccount = Extract<withdrawals.WithdrawAccount, { type: 'usdt' }>;

function AccountRow({
  a,
  onDelete,
  onEdit,
  onDefault,
}: {
  a: withdrawals.WithdrawAccount;
  onDelete: () => void;
  onEdit?: () => void;
  onDefault: () => void;
}) {
  const { t, lang } = useT();
  const d = describeAccount(a, lang);
  return (
    <div
      className={`acct${a.isDefault ? ' acct-default' : ''}`}
      data-testid={`account-${a.id}`}
      data-default={a.isDefault}
    >
      <div className="acct-main">
        <TypeIcon type={a.type} size={40} />
        <div className="acct-text">
          <div className="acct-title">
            <span>{d.title}</span>
            {d.tag && <span className="net-tag">{d.tag}</span>}
            {a.isDefault && <span className="default-tag">{t('wallet.default')}</span>}
          </div>
          <div className="acct-sub mono" data-testid="account-masked">
            {d.sub}
          </div>
          {a.type === 'bank' && <div className="acct-sub">{a.branch}</div>}
        </div>
        {a.type === 'wechat' && a.qrImage && (
          <img className="acct-qr" src={a.qrImage} alt={t('wallet.field.qrImage')} data-testid="account-qr" />
        )}
      </div>
      <div className="acct-actions">
        {!a.isDefault && (
          <button type="button" className="link-btn" onClick={onDefault} data-testid="account-set-default">
            {t('wallet.setDefault')}
          </button>
        )}
        {onEdit && (
          <button type="button" className="link-btn" onClick={onEdit} data-testid="account-edit">
            {t('wallet.accounts.edit')}
          </button>
        )}
        <button type="button" className="link-btn danger" onClick={onDelete} data-testid="account-delete">
          {t('wallet.accounts.delete')}
        </button>
      </div>
    </div>
  );
}

/**
 * The list page of one withdrawal method (/user/bdusdt, weixinqukuan, yhkqukuan, zfbqukuan):
 * masked accounts, default mark, set default, delete (fund password), USDT edit; add button up
 * to the maximum per method.
 */
export function AccountListPage({ type }: { type: withdrawals.WithdrawType }) {
  const { t } = useT();
  const qc = useQueryClient();
  const cfg = ACCOUNT_TYPES[type];
  const name = t(cfg.nameKey);
  const accounts = useWithdrawAccounts();
  const hasFundPassword = useHasFundPassword();
  const del = useDeleteAccount();
  const setDefault = useSetWithdrawType();
  const change = useChangeUsdt();
  const [deleting, setDeleting] = useState<withdrawals.WithdrawAccount | null>(null);
  const [editing, setEditing] = useState<UsdtAccount | null>(null);
  const [needPassword, setNeedPassword] = useState(false);

  const count = accounts.data?.list.filter((a) => a.type === type).length ?? 0;
  const max = accounts.data?.maxPerType ?? 5;
  const full = count >= max;

  const guard = (fn: () => void) => () => {
    if (hasFundPassword === false) setNeedPassword(true);
    else fn();
  };

  return (
    <div className="page wallet" data-testid={`account-list-${type}`}>
      {needPassword && hasFundPassword === false && <FundPasswordNotice onDone={() => setNeedPassword(false)} />}
      <RecordList<withdrawals.WithdrawAccount>
        queryKey={[...walletKeys.accounts(), 'list', type]}
        fetchPage={async () => {
          const data = await qc.fetchQuery({ ...withdrawAccountsQuery(), staleTime: 0 });
          const list = data.list.filter((a) => a.type === type);
          return { list, total: list.length };
        }}
        itemKey={(a) => a.id}
        testId="account-rows"
        skeletonRows={2}
        empty={{
          icon: <TypeIcon type={type} size={40} />,
          title: t('wallet.accounts.emptyTitle', { name }),
          text: t('wallet.accounts.emptyText', { name }),
        }}
        renderItem={(a) => (
          <AccountRow
            a={a}
            onDelete={guard(() => setDeleting(a))}
            onEdit={a.type === 'usdt' ? guard(() => setEditing(a)) : undefined}
            onDefault={() =>
              setDefault.mutate(
                { type, accountId: a.id },
                {
                  onSuccess: () => void showToast(t('wallet.defaultSet'), 'success'),
                  onError: (err) => void showToast(errorText(err), 'fail'),
                },
              )
            }
          />
        )}
      />

      <div className="list-foot">
        <p className="muted small">
          {/* The count once known: "0 bound" while loading would be a guess. */}
          {accounts.data && `${t('wallet.accounts.count', { count })} · `}
          {t('wallet.accounts.hint', { max })}
        </p>
        {full ? (
          <button type="button" className="btn btn-gold btn-block" disabled>
            {t('wallet.accounts.maxReached', { max })}
          </button>
        ) : (
          <Link className="btn btn-gold btn-block" to={pathTo(cfg.addRoute)} data-testid="account-add">
            + {t('wallet.accounts.add', { name })}
          </Link>
        )}
      </div>

      <FundPasswordPrompt
        visible={!!deleting}
        title={t('wallet.accounts.deleteTitle')}
        hint={deleting ? t('wallet.accounts.deleteHint', { masked: deleting.masked }) : undefined}
        confirmLabel={t('wallet.accounts.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async (fundPassword) => {
          if (!deleting) return;
          await del.mutateAsync({ id: deleting.id, fundPassword });
          void showToast(t('wallet.accounts.deleted'), 'success');
        }}
      />

      <Popup
        visible={!!editing}
        onMaskClick={() => setEditing(null)}
        onClose={() => setEditing(null)}
        bodyClassName="sheet"
        destroyOnClose
      >
        {editing && (
          <div className="sheet-form">
            <div className="sheet-head">
              <h2>{t('wallet.accounts.editTitle')}</h2>
              <button type="button" className="icon-btn" aria-label={t('ui.close')} onClick={() => setEditing(null)}>
                ×
              </button>
            </div>
            <p className="muted small">
              {editing.masked} · {t('wallet.accounts.editHint')}
            </p>
            <AccountForm
              config={usdtEditConfig(editing)}
              submitLabel={t('wallet.accounts.save')}
              busyLabel={t('ui.submitting')}
              testId="usdt-edit-form"
              onSubmit={async (req) => {
                await change.mutateAsync(req as Parameters<typeof change.mutateAsync>[0]);
                void showToast(t('wallet.accounts.saved'), 'success');
                setEditing(null);
              }}
            />
          </div>
        )}
      </Popup>
    </div>
  );
}
