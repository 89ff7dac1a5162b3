import { Link } from 'react-router';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { errorText } from '../../../lib/toast';
import '../shared/agent-ui';
import { useAgentHome } from '../api/home';
import { REPORT_INDEX } from './report-index';
import { FigureValue } from './report-figure';
import '../shared/report-i18n';
import '../shared/reports.css';

/** /user/daili/baobiao: every report of the agent area with its figure of today (agent/home). */
export default function ReportCentrePage() {
  const { t } = useT();
  const q = useAgentHome();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const p = q.data;
  return (
    <PullRefresh onRefresh={() => q.refetch()}>
      <div className="page ag" data-testid="agent-baobiao">
        <p className="muted small ag-note">{t('agent.baobiao.hint')}</p>
        <nav className="card ag-index">
          {REPORT_INDEX.map(({ route, icon, headline }) => (
            <Link key={route} to={pathTo(route)} className="ag-index-item" data-route={route}>
              <span className="ag-grid-icon">{icon}</span>
              <span className="ag-index-text">
                <strong>{t(`title.${route}`)}</strong>
                <span className="muted small">
                  {t(headline ? `agent.figure.${headline.key}` : 'agent.figure.myTier')}
                </span>
              </span>
              {headline && (
                <span className="ag-index-value" data-testid={`headline-${route}`}>
                  <FigureValue format={headline.format} value={headline.value(p)} />
                </span>
              )}
              <span className="ag-cell-more">›</span>
            </Link>
          ))}
        </nav>
      </div>
    </PullRefresh>
  );
}
