import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import type { agentReports } from '@breakshot/contracts';
import { useMemo } from 'react';
import { ReportChart, type ChartPoint } from '../../../components/report/report-chart';
import { DateFilter } from '../../../components/ui/date-filter';
import { addDays, REPORT_PRESETS } from '../../../components/ui/date-range';
import { ErrorState, InfoState } from '../../../components/ui/page-state';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { ListSkeleton } from '../../../components/ui/record-list';
import { StatusChip, type ChipTone } from '../../../components/ui/status-chip';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText } from '../../../lib/toast';
import '../shared/agent-ui';
import { useAgentReport } from '../api/reports';
import { reportColumns, rowsAreWeeks, type ReportColumn, type ReportConfig } from './report-config';
import { FigureCells } from './report-figure';
import { ScopeSwitch } from './report-scope';
import { scopeQuery, useReportParams } from './report-params';
import '../shared/report-i18n';
import '../shared/reports.css';

type Report = agentReports.ReportRow;
type Figures = Record<string, number>;

const STATUS_TONE: Record<NonNullable<Report['status']>, ChipTone> = {
  pending: 'pending',
  paid: 'success',
  none: 'muted',
};

const weekday = (date: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const isEmpty = (summary: Figures, rows: readonly Report[]) =>
  Object.values(summary).every((v) => v === 0) && rows.every((r) => Object.values(r.values).every((v) => v === 0));

/**
 * One agent report, as its route's configuration says (report-config.ts): the period filter
 * (今天 … 上月, custom up to 90 days) and team/direct switch, kept in the URL; the period's
 * summary as tiles; per game type where the kind has it; a trend chart; the daily (or weekly)
 * rows, newest first, whose drillable figures open that day's per-member detail.
 */
export function ReportPage({ config }: { config: ReportConfig }) {
  const { t, lang } = useT();
  const { range, scope, timeZone, setRange, setScope } = useReportParams();
  const q = useAgentReport({ kind: config.kind, from: range.from, to: range.to, scope });
  const columns = reportColumns(config.kind);
  const weeks = rowsAreWeeks(config.kind);
  const data = q.data;
  const chartColumn = columns.find((c) => c.key === config.chart);

  const points = useMemo<ChartPoint[]>(
    () =>
      chartColumn && data
        ? [...data.rows].reverse().map((r) => ({ date: r.date, value: r.values[chartColumn.key] ?? 0 }))
        : [],
    [data, chartColumn],
  );

  const linkOf = (date: string) => (c: ReportColumn, value: number) => {
    const route = config.drills?.[c.key];
    if (!route || value === 0) return null;
    return pathTo(route, { date }, scopeQuery(scope));
  };

  const empty = data ? isEmpty(data.summary, data.rows) : false;

  return (
    <PullRefresh onRefresh={() => q.refetch()}>
      <div className="page ag ag-report" data-testid="agent-report" data-kind={config.kind}>
        <div className="card ag-report-filter">
          <DateFilter value={range} onChange={setRange} timeZone={timeZone} presets={REPORT_PRESETS} />
          <ScopeSwitch scope={scope} onChange={setScope} />
        </div>

        {q.isError && !data ? (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : (
          <div className={q.isPlaceholderData ? 'ag-report-body ag-stale' : 'ag-report-body'} aria-busy={q.isFetching}>
            <section className="card ag-summary" data-testid="report-summary">
              <h2 className="ag-card-title">{t('agent.report.summary')}</h2>
              <FigureCells columns={columns} values={data?.summary} />
            </section>

            {config.byGameType && (
              <section>
                <h2 className="section-title">{t('agent.report.byGameType')}</h2>
                <div className="ag-rows" data-testid="report-game-types">
                  {!data ? (
                    <ListSkeleton rows={3} />
                  ) : (
                    (data.byGameType ?? []).map((g) => (
                      <article key={g.gameType} className="card ag-row" data-testid={`game-${g.gameType}`}>
                        <header className="ag-row-head">
                          <strong>{t(`bets.type.${g.gameType}`)}</strong>
                        </header>
                        <FigureCells columns={columns} values={g.values} />
                      </article>
                    ))
                  )}
                </div>
              </section>
            )}

            {chartColumn && data && !empty && points.length > 1 && (
              <section className="card ag-chart">
                <h2 className="ag-card-title">
                  {t('agent.report.trend', { column: t(`agent.col.${chartColumn.key}`) })}
                </h2>
                <ReportChart
                  points={points}
                  lang={lang}
                  label={t(`agent.col.${chartColumn.key}`)}
                  unit={chartColumn.format === 'count' ? 'count' : 'money'}
                />
              </section>
            )}

            {!config.noRows && (
              <section>
                <h2 className="section-title">{t(weeks ? 'agent.report.weekly' : 'agent.report.daily')}</h2>
                {!data ? (
                  <ListSkeleton rows={4} />
                ) : empty ? (
                  <div data-testid="report-empty">
                    <InfoState
                      icon={<HistogramOutline />}
                      title={t('agent.report.emptyTitle')}
                      text={t('agent.report.emptyText')}
                    />
                  </div>
                ) : (
                  <div className="ag-rows" data-testid="report-rows">
                    {data.rows.map((r) => (
                      <article key={r.date} className="card ag-row" data-testid="report-row" data-date={r.date}>
                        <header className="ag-row-head">
                          <strong className="mono">{weeks ? `${r.date} ~ ${addDays(r.date, 6)}` : r.date}</strong>
                          {weeks ? (
                            r.status && (
                              <StatusChip tone={STATUS_TONE[r.status]} testId="dividend-status">
                                {t(`agent.report.status.${r.status}`)}
                              </StatusChip>
                            )
                          ) : (
                            <span className="muted small">{weekday(r.date, lang)}</span>
                          )}
                        </header>
                        <FigureCells columns={columns} values={r.values} linkOf={linkOf(r.date)} />
                      </article>
                    ))}
                  </div>
                )}
              </section>
            )}
            <p className="muted small ag-report-note">
              {t(weeks ? 'agent.report.weekNote' : 'agent.report.note', { zone: data?.timeZone ?? timeZone })}
            </p>
          </div>
        )}
      </div>
    </PullRefresh>
  );
}
