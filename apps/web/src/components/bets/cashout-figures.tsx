import type { bets } from '@breakshot/contracts';
import { useT } from '../../lib/i18n';
import { MoneyText } from '../ui/money-text';
import './cashout-i18n';

/** A row's line of what was cashed out of the bet (提前结算): the stake and what it paid; nothing when none. */
export function CashoutFigures({ bet }: { bet: Pick<bets.BetRecord, 'cashoutStake' | 'cashoutPaid'> }) {
  const { t } = useT();
  if (bet.cashoutStake <= 0) return null;
  return (
    <div className="rec-bottom bets-cashout" data-testid="bet-cashout-figures">
      <span>
        {t('bets.co.stake')} <MoneyText value={bet.cashoutStake} />
      </span>
      <span>
        {t('bets.co.paid')} <MoneyText value={bet.cashoutPaid} className="gold-text" />
      </span>
    </div>
  );
}
