import { MoneyText } from '../../components/ui/money-text';
import { formatDateTime } from '../../components/ui/timeline';
import { useT } from '../../lib/i18n';
import type { BetRecord } from './api/bet-record-list';
import { BetLink, BetResult } from './bets-ui';
import './i18n';

/** One bet: game, bet number, stake, result; opens its details. */
export function BetRow({ bet }: { bet: BetRecord }) {
  const { t } = useT();
  return (
    <BetLink bet={bet}>
      <div className="rec-top">
        <span className="rec-title">
          <span className={`bets-type bets-type-${bet.gameType}`}>{t(`bets.type.${bet.gameType}`)}</span>
          <span className="bets-game">{bet.gameName}</span>
        </span>
        <BetResult bet={bet} />
      </div>
      {bet.selectionName && (
        <div className="rec-bottom bets-pick">
          <span>
            {bet.marketName} · {bet.selectionName}
          </span>
        </div>
      )}
      <div className="rec-bottom">
        <span className="mono">{bet.betNo}</span>
        <span>
          {t('bets.stake')} <MoneyText value={bet.stake} />
        </span>
      </div>
      <div className="rec-bottom">
        <span>{formatDateTime(bet.createdAt)}</span>
        <span>{t(`bets.status.${bet.status}`)}</span>
      </div>
    </BetLink>
  );
}
