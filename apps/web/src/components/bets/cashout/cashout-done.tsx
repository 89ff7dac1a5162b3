import { MoneyText } from '../../ui/money-text';
import { useT } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useCurrencySymbol } from '../../../lib/sys-config';
import type { CashoutDone } from './api';

/** A cash-out taken: what it paid, the stake it took, and what still runs (nothing: the bet is settled). */
export function CashoutDoneView({ done, onClose }: { done: CashoutDone; onClose: () => void }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <div className="cashout-done" data-testid="cashout-done" data-status={done.status}>
      <div className="cashout-done-head">
        <span className="cashout-done-mark" aria-hidden="true" />
        <div>
          <div className="cashout-done-title">{t('cashout.done.title')}</div>
          <div className="cashout-done-paid" data-testid="cashout-paid">
            {t('cashout.done.paid', { amount: formatMoney(done.paid, symbol) })}
          </div>
        </div>
      </div>
      <dl className="cashout-facts">
        <div>
          <dt>{t('cashout.done.stake')}</dt>
          <dd data-testid="cashout-done-stake">
            <MoneyText value={done.stakePart} />
          </dd>
        </div>
        <div>
          <dt>{t('cashout.done.running')}</dt>
          <dd data-testid="cashout-done-running">
            <MoneyText value={done.runningStake} />
          </dd>
        </div>
      </dl>
      {done.status === 'cashout' && <div className="muted small cashout-done-note">{t('cashout.done.settled')}</div>}
      <button type="button" className="btn btn-gold btn-block" onClick={onClose} data-testid="cashout-done-ok">
        {t('cashout.done.ok')}
      </button>
    </div>
  );
}
