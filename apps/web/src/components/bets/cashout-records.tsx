import type { cashout } from '@breakshot/contracts';
import { useT } from '../../lib/i18n';
import { useSiteTime } from '../../lib/time';
import { MoneyText } from '../ui/money-text';
import { StatusChip } from '../ui/status-chip';
import './cashout-i18n';

/** A bet's cash-outs (提前结算记录), oldest first: when, the stake taken, what it paid, automatic or not. */
export function CashoutRecords({ cashouts }: { cashouts: readonly cashout.CashoutRecord[] }) {
  const { t } = useT();
  const formatDateTime = useSiteTime();
  if (cashouts.length === 0) return null;
  return (
    <section className="card bets-cashouts" data-testid="bet-cashouts">
      <h3 className="bets-cashouts-title">{t('bets.co.title', { n: cashouts.length })}</h3>
      <ol className="bets-cashouts-list">
        {cashouts.map((c, i) => (
          <li key={`${c.at}-${i}`} data-testid="bet-cashout" data-auto={c.auto}>
            <div className="bets-cashouts-top">
              <span className="muted small">{formatDateTime(c.at)}</span>
              <StatusChip tone={c.auto ? 'info' : 'muted'}>{t(c.auto ? 'bets.co.auto' : 'bets.co.manual')}</StatusChip>
            </div>
            <div className="bets-cashouts-figures">
              <span>
                <em>{t('bets.co.stakePart')}</em>
                <MoneyText value={c.stakePart} />
              </span>
              <span>
                <em>{t('bets.co.paidPart')}</em>
                <MoneyText value={c.paid} className="gold-text" />
              </span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
