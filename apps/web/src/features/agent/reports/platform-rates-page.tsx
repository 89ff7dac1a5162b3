import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import type { agentReports } from '@breakshot/contracts';
import { MoneyText } from '../../../components/ui/money-text';
import { ErrorState, InfoState, PageSkeleton } from '../../../components/ui/page-state';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { StatusChip } from '../../../components/ui/status-chip';
import { GAME_TYPES } from '../../../lib/game-types';
import { useT } from '../../../lib/i18n';
import { formatRateBp } from '../../../lib/rate';
import { errorText } from '../../../lib/toast';
import '../shared/agent-ui';
import { usePlatformRates } from '../api/reports';
import '../shared/report-i18n';
import '../shared/reports.css';

type Tier = agentReports.PlatformTier;

/** The highest tier of a game type that a team valid bet reaches (tiers of any order). */
const reached = (tiers: readonly Tier[], validBet: number): Tier | undefined =>
  tiers.filter((t) => validBet >= t.minValidBet).sort((a, b) => b.minValidBet - a.minValidBet)[0];

/**
 * /user/daili/pingtaifenyong: my current tier per game type (my team's valid bet today, the tier's
 * rate, my own, the effective one) and the platform's table of team valid-bet tiers × game type.
 */
export default function PlatformRatesPage() {
  const { t } = useT();
  const q = usePlatformRates();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const { tiers, mine } = q.data;
  const tiersOf = (g: string) => tiers.filter((x) => x.gameType === g).sort((a, b) => a.minValidBet - b.minValidBet);

  return (
    <PullRefresh onRefresh={() => q.refetch()}>
      <div className="page ag" data-testid="agent-platform">
        <h2 className="section-title">{t('agent.platform.mine')}</h2>
        <div className="ag-rows">
          {mine.map((m) => (
            <article key={m.gameType} className="card ag-row" data-testid={`mine-${m.gameType}`}>
              <header className="ag-row-head">
                <strong>{t(`bets.type.${m.gameType}`)}</strong>
                <span className="ag-effective">
                  <span className="muted small">{t('agent.platform.effective')}</span>{' '}
                  <b className="gold-text" data-testid={`effective-${m.gameType}`}>
                    {formatRateBp(m.effectiveRateBp)}
                  </b>
                </span>
              </header>
              <div className="ag-cells ag-cells-3">
                <div className="ag-cell">
                  <span className="muted small">{t('agent.platform.teamToday')}</span>
                  <strong>
                    <MoneyText value={m.teamValidBetToday} />
                  </strong>
                </div>
                <div className="ag-cell">
                  <span className="muted small">{t('agent.platform.tierRate')}</span>
                  <strong>{m.tierRateBp === null ? t('agent.platform.noTier') : formatRateBp(m.tierRateBp)}</strong>
                </div>
                <div className="ag-cell">
                  <span className="muted small">{t('agent.platform.ownRate')}</span>
                  <strong>{formatRateBp(m.ownRateBp)}</strong>
                </div>
              </div>
            </article>
          ))}
        </div>
        <p className="muted small ag-note">{t('agent.platform.rule')}</p>

        <h2 className="section-title">{t('agent.platform.table')}</h2>
        {tiers.length === 0 ? (
          <InfoState
            icon={<UnorderedListOutline />}
            title={t('agent.platform.emptyTitle')}
            text={t('agent.platform.emptyText')}
          />
        ) : (
          GAME_TYPES.filter((g) => tiersOf(g).length > 0).map((g) => {
            const current = reached(tiersOf(g), mine.find((m) => m.gameType === g)?.teamValidBetToday ?? 0);
            return (
              <section key={g} className="card ag-tiers" data-testid={`tiers-${g}`}>
                <h3 className="ag-card-title">{t(`bets.type.${g}`)}</h3>
                <table className="ag-table">
                  <thead>
                    <tr>
                      <th>{t('agent.platform.minValidBet')}</th>
                      <th>{t('agent.platform.rate')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tiersOf(g).map((tier) => (
                      <tr key={tier.minValidBet} className={tier === current ? 'ag-tier-current' : undefined}>
                        <td>
                          ≥ <MoneyText value={tier.minValidBet} />
                        </td>
                        <td>
                          {formatRateBp(tier.rateBp)}
                          {tier === current && (
                            <StatusChip tone="success" testId={`current-${g}`}>
                              {t('agent.platform.current')}
                            </StatusChip>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          })
        )}
      </div>
    </PullRefresh>
  );
}
