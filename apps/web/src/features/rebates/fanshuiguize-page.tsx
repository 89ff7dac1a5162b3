import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { formatRateBp } from '../../lib/rate';
import { errorText } from '../../lib/toast';
import { rebateRulesQuery } from './api/rebates';
import './i18n';
import './rebates.css';

/** /user/fanshuiguize: the rates of every VIP level and game type (the player's level marked), the formula and the claim terms. */
export default function FanshuiguizePage() {
  const { t } = useT();
  const q = useQuery(rebateRulesQuery());
  // A failed background refresh keeps the table shown.
  if (q.isError && !q.data) {
    return (
      <div className="page rebate">
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const rules = q.data;
  return (
    <div className="page rebate" data-testid="rebate-rules">
      <h2 className="section-title rebate-first-title">{t('rebate.rules.tableTitle')}</h2>
      <section className="card rebate-rates" aria-busy={!rules}>
        {!rules ? (
          <SkeletonLines count={6} />
        ) : (
          <table className="rebate-rates-table">
            <thead>
              <tr>
                <th>{t('rebate.rules.level')}</th>
                {GAME_TYPES.map((g) => (
                  <th key={g}>{t(`rebate.game.${g}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rules.levels.map((row) => {
                const mine = row.vipLevel === rules.vipLevel;
                return (
                  <tr
                    key={row.vipLevel}
                    className={mine ? 'rebate-mine' : undefined}
                    aria-current={mine ? 'true' : undefined}
                    data-testid={`rates-vip${row.vipLevel}`}
                  >
                    <th scope="row">
                      VIP{row.vipLevel}
                      {mine && <span className="rebate-mine-tag">{t('rebate.rules.mine')}</span>}
                    </th>
                    {GAME_TYPES.map((g) => (
                      <td key={g}>{formatRateBp(row.rates[g] ?? 0)}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <h2 className="section-title">{t('rebate.rules.formulaTitle')}</h2>
      <section className="card rebate-formula">
        <p className="rebate-formula-main">{t('rebate.rules.formula')}</p>
        <p className="muted small">{t('rebate.rules.formulaNote')}</p>
        {rules ? (
          <DetailRows
            rows={[
              {
                label: t('rebate.rules.minClaim'),
                value: <MoneyText value={rules.minClaim} />,
                testId: 'rules-min',
              },
              {
                label: t('rebate.rules.interval'),
                value: t('rebate.rules.intervalValue', { minutes: rules.intervalMinutes }),
                testId: 'rules-interval',
              },
            ]}
          />
        ) : (
          <SkeletonLines count={2} />
        )}
      </section>
      <Link to={pathTo('vipDetails')} className="rebate-upgrade">
        {t('rebate.rules.upgrade')} ›
      </Link>
    </div>
  );
}
