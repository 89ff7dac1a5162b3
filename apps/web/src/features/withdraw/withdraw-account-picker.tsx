import { Link } from 'react-router';
import { RadioMark } from '../../components/ui/radio-mark';
import { Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { ACCOUNT_METHODS, describeAccount, TYPE_ORDER } from '../../lib/withdraw-accounts';
import './i18n';
import type { Account } from './use-withdraw-form';

/** The withdraw form's account section: the player's accounts to pick one, or links to add the first. */
export function WithdrawAccountPicker({
  list,
  account,
  onPick,
}: {
  list: Account[];
  account: Account | undefined;
  onPick: (id: number) => void;
}) {
  const { t, lang } = useT();
  return (
    <Section
      title={t('wallet.withdraw.chooseAccount')}
      extra={
        <Link to={pathTo('account')} className="link-btn">
          {t('wallet.withdraw.manageAccounts')}
        </Link>
      }
    >
      {list.length === 0 ? (
        <NoAccounts />
      ) : (
        <div className="pick-list" role="radiogroup" aria-label={t('wallet.withdraw.chooseAccount')}>
          {list.map((a) => {
            const d = describeAccount(a, lang);
            const on = a.id === account?.id;
            return (
              <button
                key={a.id}
                type="button"
                role="radio"
                aria-checked={on}
                className={`pick${on ? ' pick-on' : ''}`}
                onClick={() => onPick(a.id)}
                data-testid={`withdraw-account-${a.id}`}
                data-type={a.type}
              >
                <TypeIcon type={a.type} size={30} />
                <span className="pick-text">
                  <span>
                    {t(ACCOUNT_METHODS[a.type].nameKey)} · {d.title}
                    {a.isDefault && <span className="default-tag">{t('wallet.default')}</span>}
                  </span>
                  <span className="mono muted">{d.sub}</span>
                </span>
                <RadioMark on={on} />
              </button>
            );
          })}
        </div>
      )}
    </Section>
  );
}

/** No account yet: one link per method to add one, coming back to the withdraw form. */
function NoAccounts() {
  const { t } = useT();
  return (
    <div className="no-accounts" data-testid="no-accounts">
      <p>{t('wallet.withdraw.noAccounts')}</p>
      <p className="muted small">{t('wallet.withdraw.noAccountsHint')}</p>
      <div className="add-links">
        {TYPE_ORDER.map((type) => (
          <Link key={type} to={pathTo(ACCOUNT_METHODS[type].addRoute, {}, { back: 'qukuan' })} className="add-link">
            <TypeIcon type={type} size={28} />
            {t(ACCOUNT_METHODS[type].nameKey)}
          </Link>
        ))}
      </div>
    </div>
  );
}
