// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const agentDividendRatioList = { method: 'POST', path: '/agent/dividendRatio/list' } as Route<
  typeof contracts.agentReports.agentDividendRatioList
>;
export const agentDividendRatioSet = { method: 'POST', path: '/agent/dividendRatio/set' } as Route<
  typeof contracts.agentReports.agentDividendRatioSet
>;
export const agentPlatformRates = { method: 'POST', path: '/agent/platformRates' } as Route<
  typeof contracts.agentReports.agentPlatformRates
>;
export const agentReport = { method: 'POST', path: '/agent/report' } as Route<
  typeof contracts.agentReports.agentReport
>;
export const agentReportDay = { method: 'POST', path: '/agent/report/day' } as Route<
  typeof contracts.agentReports.agentReportDay
>;
