import { Segmented } from '../../../components/ui/segmented';
import { useT } from '../../../lib/i18n';
import type { ReportScope } from './report-params';
import '../shared/report-i18n';

/** 团队 / 直属: figures of my whole team or of my direct members only. */
export function ScopeSwitch({ scope, onChange }: { scope: ReportScope; onChange: (s: ReportScope) => void }) {
  const { t } = useT();
  return (
    <Segmented
      kind="radio"
      className="ag-scope"
      ariaLabel={t('agent.report.scope')}
      options={(['team', 'direct'] as const).map((k) => ({
        key: k,
        label: t(`agent.report.scope.${k}`),
        testId: `scope-${k}`,
      }))}
      value={scope}
      onChange={onChange}
    />
  );
}
