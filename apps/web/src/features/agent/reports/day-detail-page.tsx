import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { Link, useParams, useSearchParams } from 'react-router';
import { addDays, zonedToday } from '../../../components/ui/date-range';
import { InfoState } from '../../../components/ui/page-state';
import { RecordList } from '../../../components/ui/record-list';
import { agentKeys } from '../../../lib/agent-keys';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { useSiteZone } from '../../../lib/time';
import '../shared/agent-ui';
import { fetchReportDay, type DayRow, type ReportDayFilter } from '../api/reports';
import { DAY_CONFIGS, dayColumns, type DayRouteId } from './report-config';
import { FigureCells } from './report-figure';
import { scopeOf, scopeQuery, type ReportScope } from './report-params';
import { ScopeSwitch } from './report-scope';
import '../shared/report-i18n';
import '../shared/reports.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A row's key: its member, its game type, or both ('memberGames'). */
const rowKey = (r: DayRow) => [r.memberId, r.gameType].filter((v) => v !== null).join('-');

/**
 * A `{date}` drill-down (fanshuidetails, yongjinDetails, useryouxi…): the day's summary on top,
 * then one row per member (or per game type, or per member and game type) as DAY_LAYOUTS says,
 * largest first, paged with infinite scroll. Prev/next day and the team/direct switch stay here.
 */
export function DayDetailPage({ route }: { route: DayRouteId }) {
  const { t } = useT();
  const detail = DAY_CONFIGS[route];
  const columns = dayColumns(detail);
  const date = useParams().date ?? '';
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params);
  const timeZone = useSiteZone();

  if (!DATE.test(date)) return <InfoState icon="?" title={t('agent.day.badDate')} />;

  const filter: ReportDayFilter = { detail, date, scope };
  const dayLink = (d: string) => pathTo(route, { date: d }, scopeQuery(scope));
  const next = addDays(date, 1);
  const setScope = (s: ReportScope) => setParams(s === 'direct' ? { scope: s } : {}, { replace: true });

  return (
    <div className="page ag ag-report" data-testid="agent-day" data-detail={detail}>
      <div className="card ag-day-head">
        <div className="ag-day-nav">
          <Link to={dayLink(addDays(date, -1))} className="icon-btn" aria-label={t('agent.day.prev')}>
            ‹
          </Link>
          <strong className="mono" data-testid="day-date">
            {date}
          </strong>
          {next <= zonedToday(new Date(), timeZone) ? (
            <Link to={dayLink(next)} className="icon-btn" aria-label={t('agent.day.next')}>
              ›
            </Link>
          ) : (
            <span className="icon-btn ag-day-nav-off" aria-hidden="true">
              ›
            </span>
          )}
        </div>
        <ScopeSwitch scope={scope} onChange={setScope} />
      </div>
      <RecordList
        queryKey={agentKeys.reportDay(filter)}
        fetchPage={(page, pageSize) => fetchReportDay(page, pageSize, filter)}
        itemKey={rowKey}
        testId="day-rows"
        empty={{ icon: <FileOutline />, title: t('agent.day.emptyTitle'), text: t('agent.day.emptyText') }}
        top={(first) => (
          <section className="card ag-summary" data-testid="day-summary">
            <h2 className="ag-card-title">{t('agent.day.summary')}</h2>
            <FigureCells columns={columns} values={first?.summary} />
          </section>
        )}
        header={(total) => <div className="ag-total muted small">{t('agent.day.total', { total })}</div>}
        renderItem={(r) => (
          <article className="card ag-row" data-testid="day-row" data-row={rowKey(r)}>
            <header className="ag-row-head">
              {r.memberId !== null ? (
                <Link to={pathTo('dlDailiDetails', { id: r.memberId })} className="ag-row-member">
                  {r.username}
                </Link>
              ) : (
                <strong>{r.gameType && t(`bets.type.${r.gameType}`)}</strong>
              )}
              {r.memberId !== null && r.gameType && <span className="muted small">{t(`bets.type.${r.gameType}`)}</span>}
            </header>
            <FigureCells columns={columns} values={r.values} />
          </article>
        )}
      />
    </div>
  );
}
