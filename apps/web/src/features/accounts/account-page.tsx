import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link } from 'react-router';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { errorText, showToast } from '../../lib/toast';
import { TYPE_ORDER, useWithdrawAccounts } from '../../lib/withdraw-accounts';
import { ACCOUNT_TYPES } from './account-types';
import './accounts.css';
import { useSetWithdrawType } from './api/set-withdraw-type';
import './i18n';

/** /user/account: the four withdrawal methods with counts and links; default method marked and settable. */
export default function AccountPage() {
  const { t } = useT();
  const q = useWithdrawAccounts();
  const setType = useSetWithdrawType();
  if (q.isPending) {
    return (
      <div className="page wallet">
        <div className="card">
          <SkeletonLines count={6} />
        </div>
      </div>
    );
  }
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const { list, defaultType, maxPerType } = q.data;

  return (
    <div className="page wallet" data-testid="account-overview">
      <div className="card methods">
        {TYPE_ORDER.map((type) => {
          const cfg = ACCOUNT_TYPES[type];
          const count = list.filter((a) => a.type === type).length;
          const isDefault = defaultType === type;
          return (
            <div key={type} className="method-row" data-testid={`method-${type}`} data-default={isDefault}>
              <Link to={pathTo(cfg.listRoute)} className="method-link">
                <TypeIcon type={type} size={40} />
                <span className="method-text">
                  <span className="method-name">
                    {t(cfg.nameKey)}
                    {isDefault && <span className="default-tag">{t('wallet.accounts.defaultMethod')}</span>}
                  </span>
                  <span className="muted small" data-testid="method-count">
                    {count > 0 ? t('wallet.accounts.count', { count }) : t('wallet.accounts.none')}
                  </span>
                </span>
              </Link>
              {count > 0 && !isDefault && (
                <button
                  type="button"
                  className="link-btn"
                  disabled={setType.isPending}
                  onClick={() =>
                    setType.mutate(
                      { type },
                      {
                        onSuccess: () => void showToast(t('wallet.defaultSet'), 'success'),
                        onError: (err) => void showToast(errorText(err), 'fail'),
                      },
                    )
                  }
                  data-testid="method-set-default"
                >
                  {t('wallet.setDefault')}
                </button>
              )}
              {count === 0 && (
                <Link to={pathTo(cfg.addRoute)} className="link-btn">
                  + {t('wallet.accounts.add', { name: '' }).trim()}
                </Link>
              )}
              <Link to={pathTo(cfg.listRoute)} className="method-arrow" aria-label={t(cfg.nameKey)}>
                <RightOutline />
              </Link>
            </div>
          );
        })}
      </div>
      <p className="muted small foot-note">{t('wallet.accounts.hint', { max: maxPerType })}</p>
    </div>
  );
}
