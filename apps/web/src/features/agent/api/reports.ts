import { agentReports, type RequestOf } from '@breakshot/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../lib/agent-keys';
import { call } from '../../../lib/http';

export type ReportRequest = RequestOf<typeof agentReports.agentReport>;
export type DayRow = agentReports.DayRow;
export type ReportDayFilter = Omit<RequestOf<typeof agentReports.agentReportDay>, 'page' | 'pageSize'>;

/** One report of my team (a kind over a period, my team or my direct members). */
export const agentReportQuery = (request: ReportRequest) =>
  queryOptions({
    queryKey: agentKeys.report(request),
    queryFn: () => call(agentReports.agentReport, request),
    // Switching the period keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useAgentReport = (request: ReportRequest) => useQuery(agentReportQuery(request));

/** One page of a day's per-member rows (the `{date}` drill-downs), with the day's summary. */
export const fetchReportDay = (page: number, pageSize: number, filter: ReportDayFilter) =>
  call(agentReports.agentReportDay, { page, pageSize, ...filter });

/** The platform's commission table and my tier per game type (pingtaifenyong). */
export const usePlatformRates = () =>
  useQuery({
    queryKey: agentKeys.platformRates(),
    queryFn: () => call(agentReports.agentPlatformRates, {}),
    staleTime: 0,
  });

/** One page of my direct sub-agents and their dividend ratios, with mine (fenhongbili). */
export const fetchDividendRatios = (page: number, pageSize: number) =>
  call(agentReports.agentDividendRatioList, { page, pageSize });

/** Sets a direct sub-agent's dividend ratio (security password); the list loads again. */
export function useSetDividendRatio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof agentReports.agentDividendRatioSet>) =>
      call(agentReports.agentDividendRatioSet, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.dividendRatios() }),
  });
}
