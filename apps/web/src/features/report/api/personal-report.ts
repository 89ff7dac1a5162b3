import * as routes from '@breakshot/client/routes';
import type { report } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type ReportFigures = report.ReportFigures;
export type ReportDay = report.ReportDay;

/** The player's report for the date filter's bounds (instants, `to` exclusive). */
export const personalReportQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['report', 'personal', range.from, range.to],
    queryFn: () => call(routes.report.personalReport, range),
  });
