import type { BetRecordDetails } from './bet-details';
import { MoneyText } from '../ui/money-text';
import { StatusChip, type ChipTone } from '../ui/status-chip';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { useCurrencySymbol } from '../../lib/sys-config';
import './parlay-details.css';
import './parlay-i18n';

export type ParlayRecord = NonNullable<BetRecordDetails['parlay']>;
type LegResult = ParlayRecord['legs'][number]['result'];

const LEG_TONE: Record<NonNullable<LegResult> | 'open', ChipTone> = {
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
};

/**
 * A parlay in the bet records: its system, unit stake × combinations, potential return, and each
 * leg with its own outcome; a slip a result correction left undecided says it will be settled again.
 */
export function ParlayDetails({ parlay }: { parlay: ParlayRecord }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <section className="card parlay-details" data-testid="parlay-details" data-system={parlay.system}>
      <div className="parlay-details-head">
        <div>
          <div className="parlay-details-system" data-testid="parlay-detail-system">
            {t('bets.parlay.title', { system: parlay.system })}
          </div>
          <div className="muted small" data-testid="parlay-detail-unit">
            {t('bets.parlay.unit', { unit: formatMoney(parlay.unitStake, symbol), n: parlay.combinations })}
          </div>
        </div>
        <div className="parlay-details-return">
          <span className="muted small">{t('bets.parlay.potential')}</span>
          <MoneyText value={parlay.potentialReturn} className="gold-text" />
        </div>
      </div>
      {parlay.awaitingCorrection && (
        <p className="parlay-details-note small" role="note" data-testid="parlay-awaiting-correction">
          {t('bets.parlay.awaitingCorrection')}
        </p>
      )}
      <div className="parlay-details-sub muted small">{t('bets.parlay.legs', { n: parlay.legs.length })}</div>
      <ol className="parlay-details-legs">
        {parlay.legs.map((leg) => {
          const result = leg.result ?? 'open';
          return (
            <li key={leg.matchId} data-testid="parlay-detail-leg" data-result={result} data-match-id={leg.matchId}>
              <div className="parlay-details-leg-main">
                <div className="muted small parlay-details-match">{leg.gameName}</div>
                <div className="parlay-details-pick">
                  <span className="muted">{leg.marketName} · </span>
                  <strong>{leg.selectionName}</strong> @{' '}
                  <span className="gold-text" data-testid="parlay-detail-odds">
                    {formatOdds(leg.odds)}
                  </span>
                </div>
              </div>
              <StatusChip tone={LEG_TONE[result]} testId="parlay-detail-result">
                {t(`bets.parlay.leg.${result}`)}
              </StatusChip>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
