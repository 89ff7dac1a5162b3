import type { agentReports } from '@breakshot/contracts';
import { useSearchParams } from 'react-router';
import {
  customRange,
  presetRange,
  REPORT_PRESETS,
  type DatePreset,
  type DateRange,
} from '../../../components/ui/date-range';
import { useSiteZone } from '../../../lib/time';

export type ReportScope = agentReports.ReportScope;
type Preset = Exclude<DatePreset, 'custom'>;

const isPreset = (v: string | null): v is Preset => !!v && v !== 'custom' && REPORT_PRESETS.includes(v as DatePreset);

/** `?scope=direct` → my direct members only; anything else → my whole team. */
export const scopeOf = (params: URLSearchParams): ReportScope => (params.get('scope') === 'direct' ? 'direct' : 'team');

/**
 * A report's period and scope, kept in the URL (`?period=lastWeek`, `?period=custom&from=…&to=…`,
 * `?scope=direct`) so that coming back from a drill-down shows the same report.
 */
export function useReportParams(initial: Preset = 'month', now: () => Date = () => new Date()) {
  const timeZone = useSiteZone();
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const custom =
    period === 'custom' ? customRange(params.get('from') ?? '', params.get('to') ?? '', now(), timeZone) : null;
  const range: DateRange = custom?.range ?? presetRange(isPreset(period) ? period : initial, now(), timeZone);
  const scope = scopeOf(params);

  const update = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );

  return {
    range,
    scope,
    timeZone,
    setRange: (r: DateRange) =>
      update(
        r.preset === 'custom'
          ? { period: 'custom', from: r.from, to: r.to }
          : { period: r.preset, from: null, to: null },
      ),
    setScope: (s: ReportScope) => update({ scope: s === 'direct' ? 'direct' : null }),
  };
}

/** The query a drill-down link carries: the report's scope when it is not the whole team. */
export const scopeQuery = (scope: ReportScope) => (scope === 'direct' ? { scope } : undefined);
