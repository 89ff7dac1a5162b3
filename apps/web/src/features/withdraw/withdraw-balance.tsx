import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import './i18n';
import type { WithdrawConfig } from './use-withdraw-form';

/** The withdraw form's head: withdrawable amount large, balance and frozen beside it. */
export function WithdrawBalance({
  config: c,
}: {
  config: Pick<WithdrawConfig, 'withdrawable' | 'balance' | 'frozen'>;
}) {
  const { t } = useT();
  return (
    <section className="card wallet-hero">
      <div className="wh-main">
        <div className="muted small">{t('wallet.withdrawable')}</div>
        <MoneyText value={c.withdrawable} className="wh-amount" />
        <span data-testid="withdrawable" hidden>
          {c.withdrawable}
        </span>
      </div>
      <div className="wh-side">
        <div>
          <span className="muted small">{t('wallet.balance')}</span>
          <MoneyText value={c.balance} />
        </div>
        <div>
          <span className="muted small">{t('wallet.frozen')}</span>
          <MoneyText value={c.frozen} className="frozen-amount" />
        </div>
      </div>
    </section>
  );
}
