import type { withdrawals } from '@breakshot/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { FundPasswordNotice, useHasFundPassword } from '../../components/wallet/fund-password-gate';
import { TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { showToast } from '../../lib/toast';
import { AccountForm } from './account-form';
import { ACCOUNT_TYPES } from './account-types';
import { useAddAccount } from './api/add-account';
import './i18n';

/**
 * The add page of one withdrawal method (/user/usdtadd, weixinadd, yhkadd, zfbadd): the method's
 * fields from its config, fund password; without a fund password, the notice to set one first.
 * `?back=qukuan` returns to the withdrawal page after adding.
 */
export function AccountAddPage({ type }: { type: withdrawals.WithdrawType }) {
  const { t } = useT();
  const cfg = ACCOUNT_TYPES[type];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const add = useAddAccount();
  const hasFundPassword = useHasFundPassword();
  const back = params.get('back') === 'qukuan' ? pathTo('qukuan') : pathTo(cfg.listRoute);

  return (
    <div className="page wallet" data-testid={`account-add-${type}`}>
      <div className="add-head">
        <TypeIcon type={type} size={44} />
        <div>
          <h2>{t('wallet.accounts.add', { name: t(cfg.nameKey) })}</h2>
          <p className="muted small">{t('wallet.accounts.secureNote')}</p>
        </div>
      </div>
      {hasFundPassword === false && <FundPasswordNotice />}
      <div className="card">
        <AccountForm
          config={cfg}
          submitLabel={t('wallet.accounts.bind')}
          busyLabel={t('wallet.accounts.binding')}
          disabled={hasFundPassword === false}
          onSubmit={async (req) => {
            await add.mutateAsync(req as Parameters<typeof add.mutateAsync>[0]);
            void showToast(t('wallet.accounts.added'), 'success');
            void navigate(back, { replace: true });
          }}
        />
      </div>
    </div>
  );
}
