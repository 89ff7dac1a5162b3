import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { addDays, rangeDays } from '../../components/ui/date-range';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, InfoState, SkeletonLines } from '../../components/ui/page-state';
import { SignedMoney } from '../../components/ui/signed-money';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { errorText } from '../../lib/toast';
import { personalReportQuery, type ReportDay, type ReportFigures } from './api/personal-report';
import './i18n';
import { ReportChart, type ChartPoint } from '../../components/report/report-chart';
import './report.css';

type Tile = Exclude<keyof ReportFigures, 'winLoss'>;
/** The tiles, in groups: bets, rewards, money in and out. */
const GROUPS: readonly (readonly Tile[])[] = [
  ['stake', 'validBet', 'payout'],
  ['rebates', 'bonuses'],
  ['deposits', 'withdrawals'],
];

/** Every date of the range with its win/loss (0 on days without figures), oldest first. */
function dailyPoints(from: string, to: string, days: ReportDay[]): ChartPoint[] {
  const byDate = new Map(days.map((d) => [d.date, d.winLoss]));
  return Array.from({ length: rangeDays(from, to) }, (_, i) => {
    const date = addDays(from, i);
    return { date, value: byDate.get(date) ?? 0 };
  });
}

/**
 * /user/gerenbaobiao: the player's report for the date filter — win/loss (payout − stake + rebates
 * + bonuses) as the headline, the figures as tiles, and a bar chart of each day's win/loss.
 */
export default function GerenbaobiaoPage() {
  const { t, lang } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const q = useQuery(personalReportQuery(instants));
  const points = useMemo(
    () => (q.data ? dailyPoints(range.from, range.to, q.data.days) : []),
    [q.data, range.from, range.to],
  );
  const totals = q.data?.totals;

  return (
    <div className="page report" data-testid="report-page">
      <div className="card report-filter">
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
      </div>
      {q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <section className="card report-head" aria-busy={!totals}>
            <span className="muted">{t('report.winLoss')}</span>
            <div className="report-wl" data-testid="report-winLoss">
              {totals ? <SignedMoney value={totals.winLoss} /> : <span className="sk sk-line report-sk" />}
            </div>
            <span className="muted small">{t('report.formula')}</span>
          </section>

          {GROUPS.map((group) => (
            <section key={group.join()} className={`report-tiles report-tiles-${group.length}`}>
              {group.map((k) => (
                <div key={k} className="report-tile">
                  <span className="muted small">{t(`report.${k}`)}</span>
                  <strong data-testid={`report-${k}`}>
                    {totals ? <MoneyText value={totals[k]} /> : <span className="sk sk-line report-sk" />}
                  </strong>
                </div>
              ))}
            </section>
          ))}

          <section className="card report-chart-card">
            <h2 className="report-chart-title">{t('report.daily')}</h2>
            {!q.data ? (
              <div className="report-chart-loading" aria-busy="true">
                <SkeletonLines count={3} />
              </div>
            ) : q.data.days.length === 0 ? (
              <InfoState
                icon={<HistogramOutline />}
                title={t('report.emptyTitle')}
                text={t('report.emptyText')}
                action={
                  <Link className="btn btn-ghost btn-small" to={pathTo('home')}>
                    {t('report.emptyAction')}
                  </Link>
                }
              />
            ) : (
              <ReportChart points={points} lang={lang} label={t('report.daily')} />
            )}
          </section>
          <p className="muted small report-note">{t('report.note', { zone: q.data?.timeZone ?? timeZone })}</p>
        </>
      )}
    </div>
  );
}
